// The archive of everything made through the real job (issue 25; DESIGN "Yours to keep"): asked
// for over HTTP, gathered, written as a BagIt bag, downloaded and read back with yauzl: every
// manifest line's hash matches its bytes, the tag manifest too, Payload-Oxum is right, every
// record parses, every file a record names is there with its hash, a photo on two memories is
// one file, and no secret is anywhere in it. Then its progress, a delete while it is made, a
// failure on every attempt, a file missing from storage, and a newer archive replacing the older.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveCounts, archiveHeader, recordFiles, recordSchemas, type ArchiveFile, type CommentRecord, type MemoryRecord, type PersonRecord } from '../../../common/archive-format.js';
import { everythingArchive } from '../../../common/everything-archive.js';
import { messages } from '../../../common/messages.js';
import { postMemory } from '../../books/test-support.js';
import { deferred } from '../../jobs/test-support.js';
import { listenUrlFor } from '../../listen/index.js';
import { imageOf } from '../../media/test-support.js';
import { packageRoot } from '../../paths.js';
import { imageFile, memoryFields } from '../../memories/test-support.js';
import { addStoryteller } from '../../storytellers/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../../test/app.js';
import { makeFamily, makeTimeline, makeUser, type MadeUser } from '../../test/factories.js';
import { keyOf, makeFullMemory, type FullMemory } from '../test-support.js';
import { gatherEverything } from './gather.js';
import type { Gathered } from './gathered.js';
import { everythingArchiveKey, generatorName } from './job.js';
import { archiveJsonSchema } from './schema.js';
import { archiveCalls, archiveJobs, archiveRow, archiveRowsOf, archiveRunner, manifestLines, readBag, sha256Hex, type ReadBag } from './test-support.js';

describe.each(dialects)('the archive of everything, made by its job, on %s', (dialect) => {
  let t: TestApp;
  let calls: ReturnType<typeof archiveCalls>;
  /** Sam asks; Ada shares a timeline and a family with him. */
  let sam: MadeUser, ada: MadeUser;
  let full: FullMemory;
  let photo: Buffer;
  const ids: Record<'picnicAgain' | 'diary', string> = {} as never;

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    calls = archiveCalls(t);
    [sam, ada] = await Promise.all([makeUser(t.ctx, { displayName: 'Sam' }), makeUser(t.ctx, { displayName: 'Ada' })]);
    await makeFamily(t.ctx, sam.user, { name: 'Henderson Family', members: [ada.user] });
    const timeline = await makeTimeline(t.ctx, sam.user, { name: 'The Hendersons', members: [ada.user] });
    // Ada's, with every kind of file and two comments (one spoken by her), shared with Sam.
    full = await makeFullMemory(t, ada, sam, {
      title: 'Rowing to the island',
      timelineIds: [timeline.id],
      sharedWith: [ada.user.id, sam.user.id],
      createdAt: '2024-05-04T12:00:00.000Z',
      tags: ['summer'],
    });
    photo = full.files.png;
    // Sam's own, with the very same photo: one file in the bag.
    ids.picnicAgain = await postMemory(t, sam, [...memoryFields({ title: 'The same photo again', timelineIds: [timeline.id], sharedWith: [sam.user.id] }), imageFile(photo)]);
    // Ada's private diary: never in Sam's archive.
    ids.diary = await postMemory(t, ada, [
      ...memoryFields({ title: "Ada's private diary", timelineIds: [timeline.id], sharedWith: [ada.user.id] }),
      { name: 'audience', value: 'private' },
      imageFile(await imageOf('png', 20, 20)),
    ]);
    // Secrets the instance keeps that no archive may hold: a storyteller's sealed link, a listen code's sealed token.
    await addStoryteller(t, timeline.id, sam, { displayName: 'Grandma Rose' });
    await listenUrlFor(t.ctx, t.ctx.db, full.memory.id, ada.user.id);
  });
  afterAll(() => t.close());

  async function askForArchive(who = sam): Promise<string> {
    const response = await calls.create(who);
    expect(response.statusCode).toBe(202);
    return response.json<{ id: string }>().id;
  }

  async function download(id: string, who = sam): Promise<Buffer> {
    const response = await calls.file(id, who);
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  }

  /** Every check a reader of the bag can make from the bag alone; answers the records by file. */
  function verifyBag(bag: ReadBag) {
    expect(bag.text('bagit.txt')).toBe('BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n');
    const payload = manifestLines(bag.text('manifest-sha256.txt'));
    for (const [sha, path] of payload) expect([path, sha256Hex(bag.files.get(path) ?? Buffer.alloc(0))]).toEqual([path, sha]);
    // The manifest names every payload file, and only those.
    expect(payload.map(([, path]) => path).sort()).toEqual([...bag.files.keys()].filter((path) => path.startsWith('data/')).sort());
    const tags = manifestLines(bag.text('tagmanifest-sha256.txt'));
    expect(tags.map(([, path]) => path)).toEqual(['bagit.txt', 'bag-info.txt', 'manifest-sha256.txt']);
    for (const [sha, path] of tags) expect(sha256Hex(bag.files.get(path)!)).toBe(sha);
    const info = bag.text('bag-info.txt');
    const octets = payload.reduce((sum, [, path]) => sum + bag.files.get(path)!.length, 0);
    expect(info).toContain(`Payload-Oxum: ${octets}.${payload.length}\n`);
    expect(info).toMatch(/^Source-Organization: Heirloom$/m);
    expect(info).toMatch(/^Bagging-Date: \d{4}-\d{2}-\d{2}$/m);
    expect(info).toMatch(/^Bag-Size: .+$/m);
    expect(info).toMatch(/^External-Description: .+$/m);

    const records = Object.fromEntries(recordFiles.map((name) => [name, bag.records(name).map((line) => recordSchemas[name].parse(line))])) as {
      [K in (typeof recordFiles)[number]]: unknown[];
    };
    const files: ArchiveFile[] = [
      ...(records.memories as MemoryRecord[]).flatMap((memory) => memory.files),
      ...(records.comments as CommentRecord[]).flatMap((comment) => (comment.voice ? [comment.voice] : [])),
      ...(records.people as PersonRecord[]).flatMap((person) => (person.avatar ? [person.avatar] : [])),
    ];
    for (const file of files) {
      const bytes = bag.files.get(`data/${file.path}`);
      expect([file.path, bytes ? sha256Hex(bytes) : 'missing', bytes?.length]).toEqual([file.path, file.sha256, file.bytes]);
    }
    const header = archiveHeader.parse(JSON.parse(bag.text('data/heirloom.json')));
    expect(JSON.parse(bag.text('data/records/schema.json'))).toEqual(JSON.parse(JSON.stringify(archiveJsonSchema())));
    expect(bag.text('data/index.html')).toContain('<html');
    for (const memory of records.memories as MemoryRecord[]) expect([...bag.files.keys()].some((path) => path.startsWith('data/memories/') && path.includes(memory.id))).toBe(true);
    return { records, files, header };
  }

  it('makes a BagIt bag of everything Sam may view, verifiable from its own manifests, and tells him it is ready', async () => {
    const id = await askForArchive();
    const { log, settle } = archiveRunner(t);
    await settle();
    const row = await archiveRow(t, id);
    expect(row).toMatchObject({ status: 'ready', progress: 100, error: null, file_key: everythingArchiveKey(id) });

    const shown = everythingArchive.parse((await calls.get(id, sam)).json());
    expect(shown.fileName).toMatch(/^heirloom-henderson-family-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await download(id);
    expect(shown.bytes).toBe(zip.length);
    const bag = await readBag(zip);
    // RFC 8493 §4.2: the one folder is named as the zip is, without .zip.
    expect(bag.folder).toBe(shown.fileName!.replace(/\.zip$/, ''));
    const { records, files, header } = verifyBag(bag);

    const titles = (records.memories as MemoryRecord[]).map((memory) => memory.title);
    expect(titles.sort()).toEqual(['Rowing to the island', 'The same photo again']);
    expect(zip.includes(Buffer.from("Ada's private diary"))).toBe(false);
    // The same photo on two memories is one file.
    const photoSha = sha256Hex(photo);
    const photoFiles = files.filter((file) => file.sha256 === photoSha);
    expect(photoFiles.length).toBe(2);
    expect(new Set(photoFiles.map((file) => file.path)).size).toBe(1);
    expect([...bag.files.keys()].filter((path) => path.includes(photoSha))).toEqual([`data/${photoFiles[0]!.path}`]);
    // Every file of the full memory, byte for byte, stored (not deflated), media named by their hash.
    for (const made of Object.values(full.files)) expect(bag.files.get(`data/media/${sha256Hex(made)}.${files.find((file) => file.sha256 === sha256Hex(made))!.path.split('.').pop()}`)?.equals(made)).toBe(true);
    expect(bag.entries.filter((entry) => entry.name.includes('/data/media/')).every((entry) => entry.method === 0 && entry.crcMatches)).toBe(true);
    expect(header).toMatchObject({ format: 'heirloom-archive', version: 1, exportedBy: { id: sam.user.id, displayName: 'Sam' }, generator: generatorName() });
    expect(generatorName()).toBe(`Heirloom ${(JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string }).version}`);
    expect(archiveCounts.parse(shown.counts)).toEqual(header.counts);
    expect(header.counts).toMatchObject({ memories: 2, comments: 2, files: new Set(files.map((file) => file.sha256)).size });
    expect(log.lines.filter((line) => line.level !== 'info')).toEqual([]);

    const notices = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: sam.cookie } })).json<{ title: string; message: string }[]>();
    expect(notices.filter((notice) => notice.title === messages.everythingArchiveReadyTitle)).toEqual([
      expect.objectContaining({ type: 'other', message: messages.everythingArchiveReadyMessage, isRead: false }),
    ]);
  });

  it('holds no secret: no password hash, session token or its hash, sealed token or the server secret, in any entry', async () => {
    const id = await askForArchive();
    await archiveRunner(t).settle();
    const bag = await readBag(await download(id));
    const users = await t.ctx.db.selectFrom('users').select('password_hash').execute();
    const sessions = await t.ctx.db.selectFrom('sessions').select('token_hash').execute();
    const links = await t.ctx.db.selectFrom('storytellers').select('link_sealed').execute();
    const codes = await t.ctx.db.selectFrom('listen_links').select('token_sealed').execute();
    const secrets = [
      ...users.map((user) => user.password_hash),
      ...sessions.map((session) => session.token_hash),
      ...links.map((link) => link.link_sealed),
      ...codes.map((code) => code.token_sealed),
      t.ctx.config.sessionSecret,
      sam.cookie.split('=')[1]!,
      ada.cookie.split('=')[1]!,
    ].filter((secret): secret is string => typeof secret === 'string' && secret.length > 0);
    expect(secrets.length).toBeGreaterThanOrEqual(2 + 2 + 1 + 1 + 3);
    for (const entry of bag.entries) {
      const text = entry.bytes.toString('utf8');
      for (const secret of secrets) expect(text.includes(secret), `${entry.name} holds a secret`).toBe(false);
    }
  });

  it('writes its progress as it reads, and ends at 100 once ready', async () => {
    const id = await askForArchive();
    const firstDone = deferred();
    const carryOn = deferred();
    const paused: typeof gatherEverything = async (ctx, requester, signal) => {
      const gathered = await gatherEverything(ctx, requester, signal);
      return {
        ...gathered,
        async *memories(inner) {
          let index = 0;
          for await (const each of gathered.memories(inner)) {
            if (index++ === 1) {
              firstDone.resolve();
              await carryOn.promise;
            }
            yield each;
          }
        },
      } satisfies Gathered;
    };
    const { settle } = archiveRunner(t, paused);
    const running = settle();
    await firstDone.promise;
    const working = (await archiveRow(t, id))!;
    expect(working.status).toBe('working');
    expect(working.progress).toBeGreaterThan(0);
    expect(working.progress).toBeLessThan(100);
    const shown = (await calls.get(id, sam)).json<{ progress: number }>();
    expect(shown).toMatchObject({ status: 'working', fileName: null, bytes: null, counts: null });
    expect(shown.progress).toBeGreaterThanOrEqual(working.progress);
    const early = await calls.file(id, sam);
    expect([early.statusCode, early.json()]).toEqual([409, { message: messages.everythingArchiveNotReady }]);
    // Asked again while it is made: the same archive, no second job.
    const again = await calls.create(sam);
    expect([again.statusCode, again.json()]).toEqual([202, { id, status: 'working' }]);
    carryOn.resolve();
    await running;
    expect(await archiveRow(t, id)).toMatchObject({ status: 'ready', progress: 100 });
    expect((await archiveJobs(t)).filter((job) => job.payload.archiveId === id).length).toBe(1);
  });

  it('throws its work away when the archive is deleted while it is made: no row, no file, the job done', async () => {
    const id = await askForArchive();
    const started = deferred();
    const carryOn = deferred();
    const paused: typeof gatherEverything = async (ctx, requester, signal) => {
      started.resolve();
      await carryOn.promise;
      return gatherEverything(ctx, requester, signal);
    };
    const running = archiveRunner(t, paused).settle();
    await started.promise;
    expect((await calls.remove(id, sam)).statusCode).toBe(204);
    carryOn.resolve();
    await running;
    expect([await archiveRow(t, id), await t.ctx.media.exists(everythingArchiveKey(id))]).toEqual([undefined, false]);
    expect((await archiveJobs(t)).find((job) => job.payload.archiveId === id)?.state).toBe('done');
  });

  it('ends failed with words for the person, never the error, after every attempt failed, and keeps no file', async () => {
    const id = await askForArchive(ada);
    let attempts = 0;
    const failing: typeof gatherEverything = async () => {
      attempts++;
      throw new Error('ECONNRESET at /internal/path');
    };
    await archiveRunner(t, failing).settle();
    expect(attempts).toBe(3);
    expect(await archiveRow(t, id)).toMatchObject({ status: 'failed', error: messages.everythingArchiveFailed, file_key: null });
    expect((await calls.get(id, ada)).json()).toMatchObject({ status: 'failed', error: messages.everythingArchiveFailed, fileName: null });
    expect((await calls.file(id, ada)).statusCode).toBe(409);
    expect(await t.ctx.media.exists(everythingArchiveKey(id))).toBe(false);
    expect((await archiveJobs(t)).find((job) => job.payload.archiveId === id)?.state).toBe('failed');
  });

  it('leaves a file missing from storage out of its record, with a warning, and the bag still verifies', async () => {
    const recordingKey = keyOf(full.memory.audioUrl!);
    const recording = (await t.ctx.media.get(recordingKey))!;
    const kept: Buffer[] = [];
    for await (const chunk of recording.body) kept.push(chunk as Buffer);
    await t.ctx.media.delete(recordingKey);
    try {
      const id = await askForArchive(ada);
      const { log, settle } = archiveRunner(t);
      await settle();
      expect((await archiveRow(t, id))!.status).toBe('ready');
      const bag = await readBag(await download(id, ada));
      const { records } = verifyBag(bag);
      const rowing = (records.memories as MemoryRecord[]).find((memory) => memory.id === full.memory.id)!;
      expect(rowing.files.some((file) => file.sha256 === sha256Hex(full.files.recording))).toBe(false);
      // Its voice named the missing file: it names nothing now.
      expect(rowing.voiceMediaId).toBeNull();
      expect(rowing.files.some((file) => file.sha256 === sha256Hex(full.files.png))).toBe(true);
      expect(log.lines.filter((line) => line.level === 'warn').map((line) => line.object.storageKey)).toEqual([recordingKey]);
    } finally {
      await t.ctx.media.put(recordingKey, Readable.from([Buffer.concat(kept)]), { contentType: 'audio/wav' });
    }
  });

  it("removes the requester's older ready archive, row and file, when a newer one is ready; others' stay", async () => {
    const before = (await archiveRowsOf(t, sam.user.id)).filter((row) => row.status === 'ready');
    expect(before.length).toBe(1);
    const adasReady = (await archiveRowsOf(t, ada.user.id)).filter((row) => row.status === 'ready');
    t.advance(1000);
    const id = await askForArchive();
    await archiveRunner(t).settle();
    const after = await archiveRowsOf(t, sam.user.id);
    expect(after.filter((row) => row.status === 'ready').map((row) => row.id)).toEqual([id]);
    expect(await t.ctx.media.exists(before[0]!.file_key!)).toBe(false);
    expect(await t.ctx.media.exists(everythingArchiveKey(id))).toBe(true);
    expect((await archiveRowsOf(t, ada.user.id)).filter((row) => row.status === 'ready').map((row) => row.id)).toEqual(adasReady.map((row) => row.id));
    const list = (await calls.list(sam)).json<{ archives: { id: string }[] }>();
    expect(list.archives[0]!.id).toBe(id);
  });
});
