// The bag's writing on its own (issue 25; RFC 8493), from a Gathered made by hand on a local
// store: names and extensions, each stored file read exactly twice and a copy of the same bytes
// once, pages linked to their neighbours, a file missing from storage left out of its record
// (and what named it naming nothing), progress up to the whole, and a stop or a file lost
// mid-way leaving nothing stored.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSchemas, type MemoryRecord } from '../../../common/archive-format.js';
import { keptLog } from '../../jobs/test-support.js';
import { createMediaStore, newMediaKey, type MediaStore } from '../../providers/storage/index.js';
import type { ArchiveLog } from '../gather.js';
import { everythingArchiveName, mediaExtension, writeBag, type BagOptions } from './bag.js';
import type { Gathered, GatheredMemoryWithComments, PendingFile } from './gathered.js';
import { manifestLines, readBag, sha256Hex } from './test-support.js';

const AT = '2026-11-20T10:00:00.000Z';

describe('the names of an archive of everything', () => {
  it('is heirloom-{family or person}-{day}.zip, letters of any script kept, the rest one dash', () => {
    const day = new Date('2026-11-26T23:30:00.000Z');
    expect(everythingArchiveName('Henderson Family', day)).toBe('heirloom-henderson-family-2026-11-26.zip');
    expect(everythingArchiveName("  O'Brien & Sons / 1920s ", day)).toBe('heirloom-o-brien-sons-1920s-2026-11-26.zip');
    expect(everythingArchiveName('Müller', day)).toBe('heirloom-müller-2026-11-26.zip');
    expect(everythingArchiveName('王家', day)).toBe('heirloom-王家-2026-11-26.zip');
    expect(everythingArchiveName(null, day)).toBe('heirloom-family-2026-11-26.zip');
    expect(everythingArchiveName('../..', day)).toBe('heirloom-family-2026-11-26.zip');
    expect(everythingArchiveName('a'.repeat(200), day)).toBe(`heirloom-${'a'.repeat(60)}-2026-11-26.zip`);
  });

  it("names a file's extension by its type, else by its storage key's", () => {
    const cases: [string, string, string][] = [
      ['image/jpeg', 'images/x.jpg', 'jpg'],
      ['image/webp', 'images/x.webp', 'webp'],
      ['video/mp4', 'videos/x.mp4', 'mp4'],
      ['audio/webm', 'audio/x.webm', 'webm'],
      ['audio/webm;codecs=opus', 'audio/x.webm', 'webm'],
      ['audio/mp4', 'audio/x.mp4', 'm4a'],
      ['audio/ogg', 'audio/x.ogg', 'ogg'],
      ['audio/mpeg', 'audio/x.mp3', 'mp3'],
      ['audio/wav', 'audio/x.wav', 'wav'],
      ['application/x-unknown', 'uploads/x.heif', 'heif'],
      ['application/octet-stream', 'uploads/x', 'bin'],
    ];
    for (const [type, key, extension] of cases) expect([type, mediaExtension(type, key)]).toEqual([type, extension]);
  });
});

describe('writing a bag', () => {
  let root: string;
  let media: MediaStore;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'heirloom-bag-test-'));
    media = await createMediaStore({ storage: 'local', dataDir: root });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const put = async (folder: 'images' | 'audio' | 'avatars', extension: string, bytes: Buffer) => {
    const key = newMediaKey(folder, extension);
    await media.put(key, Readable.from([bytes]), { contentType: 'application/octet-stream' });
    return key;
  };

  const pending = (storageKey: string, bytes: Buffer, fields: Partial<PendingFile> = {}): PendingFile => ({
    mediaId: randomUUID(),
    kind: 'image',
    position: 0,
    mimeType: 'image/png',
    bytes: bytes.length,
    width: null,
    height: null,
    durationSeconds: null,
    ownerId: 'rose',
    createdAt: AT,
    storageKey,
    ...fields,
  });

  const memory = (id: string, files: PendingFile[], fields: Partial<Omit<MemoryRecord, 'files'>> = {}): GatheredMemoryWithComments => ({
    memory: {
      id,
      title: `Memory ${id}`,
      content: '',
      transcription: '',
      authorId: 'rose',
      familyId: null,
      audience: 'private',
      timelineIds: [],
      sharedWith: [],
      tags: [],
      files,
      voiceMediaId: null,
      followUps: [],
      listenCodes: [],
      createdAt: AT,
      updatedAt: AT,
      ...fields,
    },
    comments: [],
  });

  function gatheredOf(memories: GatheredMemoryWithComments[], fileBytes: number, avatar: PendingFile | null = null): Gathered {
    return {
      exporter: { id: 'rose', displayName: 'Rose' },
      people: [{ id: 'rose', displayName: 'Rose', firstName: null, lastName: null, email: null, isStoryteller: false, familyId: null, avatar, createdAt: AT }],
      families: [],
      timelines: [],
      memberships: [],
      questions: [],
      storytellers: [],
      totals: { memories: memories.length, fileBytes },
      async *memories() {
        yield* memories;
      },
    };
  }

  /** Counts each key's reads. */
  function countingStore(): { store: MediaStore; reads: Map<string, number> } {
    const reads = new Map<string, number>();
    const store: MediaStore = Object.create(media) as MediaStore;
    store.get = (key, range) => {
      reads.set(key, (reads.get(key) ?? 0) + 1);
      return media.get(key, range);
    };
    return { store, reads };
  }

  async function write(gathered: Gathered, options: Partial<BagOptions> = {}) {
    const workDir = await mkdtemp(join(tmpdir(), 'heirloom-bag-work-'));
    const fileKey = `archives/${randomUUID()}.zip`;
    const log = keptLog();
    const fractions: number[] = [];
    try {
      const written = await writeBag(gathered, {
        media,
        fileKey,
        baseName: 'heirloom-rose-2026-11-20',
        exportedAt: new Date(AT),
        generator: 'Heirloom test',
        workDir,
        title: 'Rose',
        log: log as unknown as ArchiveLog,
        signal: new AbortController().signal,
        onProgress: (fraction) => void fractions.push(fraction),
        ...options,
      });
      return { written, fileKey, log, fractions };
    } catch (error) {
      return { error, fileKey, log, fractions };
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  async function stored(key: string): Promise<Buffer> {
    const object = (await media.get(key))!;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  it('reads each stored file twice, a copy of the same bytes once, and holds one file for both; progress reaches the whole', async () => {
    const photo = Buffer.alloc(200_000, 7);
    const voice = Buffer.from('RIFF....WAVE a voice');
    const avatar = Buffer.from('an avatar');
    const [photoKey, copyKey, voiceKey, avatarKey] = [await put('images', 'png', photo), await put('images', 'png', photo), await put('audio', 'wav', voice), await put('avatars', 'webp', avatar)];
    const voiceFile = pending(voiceKey, voice, { kind: 'audio', mimeType: 'audio/wav' });
    const memories = [
      memory('m1', [pending(photoKey, photo), voiceFile], { voiceMediaId: voiceFile.mediaId }),
      memory('m2', [pending(copyKey, photo)]),
    ];
    const { store, reads } = countingStore();
    const { written, fileKey, fractions } = await write(gatheredOf(memories, 2 * photo.length + voice.length + avatar.length, pending(avatarKey, avatar, { kind: 'avatar', mimeType: 'image/webp' })), { media: store });
    expect(written).toMatchObject({ counts: { memories: 2, people: 1, files: 3 } });
    expect(Object.fromEntries(reads)).toEqual({ [photoKey]: 2, [copyKey]: 1, [voiceKey]: 2, [avatarKey]: 2 });
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.every((fraction, index) => index === 0 || fraction >= fractions[index - 1]!)).toBe(true);

    const zip = await stored(fileKey);
    expect(written!.bytes).toBe(zip.length);
    const bag = await readBag(zip);
    expect(bag.folder).toBe('heirloom-rose-2026-11-20');
    const records = bag.records('memories').map((line) => recordSchemas.memories.parse(line));
    expect(records.map((record) => record.files.map((file) => file.path))).toEqual([
      [`media/${sha256Hex(photo)}.png`, `media/${sha256Hex(voice)}.wav`],
      [`media/${sha256Hex(photo)}.png`],
    ]);
    expect(records[0]!.voiceMediaId).toBe(voiceFile.mediaId);
    const people = bag.records('people').map((line) => recordSchemas.people.parse(line));
    expect(people[0]!.avatar).toMatchObject({ path: `media/${sha256Hex(avatar)}.webp`, sha256: sha256Hex(avatar), bytes: avatar.length });
    const paths = manifestLines(bag.text('manifest-sha256.txt')).map(([, path]) => path);
    expect(paths.filter((path) => path.startsWith('data/media/')).sort()).toEqual(
      [`data/media/${sha256Hex(photo)}.png`, `data/media/${sha256Hex(voice)}.wav`, `data/media/${sha256Hex(avatar)}.webp`].sort(),
    );
    // Each page links to the memories before and after it, oldest first.
    expect(bag.text('data/memories/m1.html')).toContain('rel="next" href="../memories/m2.html"');
    expect(bag.text('data/memories/m1.html')).not.toContain('rel="prev"');
    expect(bag.text('data/memories/m2.html')).toContain('rel="prev" href="../memories/m1.html"');
    expect(bag.text('data/memories/m2.html')).not.toContain('rel="next"');
    // Media stored as they are; text deflated.
    expect(bag.entries.find((entry) => entry.name.endsWith('.png'))!.method).toBe(0);
    expect(bag.entries.find((entry) => entry.name.endsWith('memories.jsonl'))!.method).toBe(8);
  });

  it('leaves a file missing from storage out of its record with a warning: its voice and a spoken answer naming it name nothing', async () => {
    const photo = Buffer.from('a photo that is still there');
    const photoKey = await put('images', 'png', photo);
    const lost = pending(newMediaKey('audio', 'wav'), Buffer.alloc(10), { kind: 'audio', mimeType: 'audio/wav' });
    const gathered = gatheredOf(
      [
        memory('m1', [pending(photoKey, photo), lost], {
          voiceMediaId: lost.mediaId,
          followUps: [{ id: 'f1', question: 'Who?', answer: 'All of us', position: 0, voiceMediaId: lost.mediaId }],
        }),
      ],
      photo.length + 10,
    );
    const { written, fileKey, log } = await write(gathered);
    expect(written?.counts.files).toBe(1);
    const [record] = (await readBag(await stored(fileKey))).records('memories').map((line) => recordSchemas.memories.parse(line));
    expect(record!.files.map((file) => file.sha256)).toEqual([sha256Hex(photo)]);
    expect([record!.voiceMediaId, record!.followUps[0]!.voiceMediaId]).toEqual([null, null]);
    expect(log.lines.filter((line) => line.level === 'warn').map((line) => line.object.storageKey)).toEqual([lost.storageKey]);
  });

  it('stores nothing when stopped part way, or when a file disappears between its two reads', async () => {
    const photo = Buffer.alloc(100_000, 3);
    const photoKey = await put('images', 'png', photo);
    const stop = new AbortController();
    const stopping = gatheredOf([memory('m1', [pending(photoKey, photo)]), memory('m2', [])], photo.length);
    const stopped = await write(
      {
        ...stopping,
        async *memories() {
          const [first, second] = [memory('m1', [pending(photoKey, photo)]), memory('m2', [])];
          yield first;
          stop.abort(new Error('stopped'));
          yield second;
        },
      },
      { signal: stop.signal },
    );
    expect(String(stopped.error)).toContain('stopped');
    expect(await media.exists(stopped.fileKey)).toBe(false);

    // The file goes after it was hashed, before its entry is written.
    const fleeting = await put('images', 'png', photo);
    const { store } = countingStore();
    let reads = 0;
    store.get = async (key, range) => {
      if (key === fleeting && ++reads === 2) await media.delete(fleeting);
      return media.get(key, range);
    };
    const lost = await write(gatheredOf([memory('m1', [pending(fleeting, photo)])], photo.length), { media: store });
    expect(String(lost.error)).toContain('disappeared');
    expect(await media.exists(lost.fileKey)).toBe(false);
  });
});
