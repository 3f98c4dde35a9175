// Issue 25 "Round trip": export from an instance over HTTP → import into an empty instance of
// the other dialect → export again as the same person: the same records (the export's own
// time aside) and the same set of media SHA-256. The PostgreSQL legs need TEST_DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bagPaths, recordFiles } from '../../../common/archive-format.js';
import { startSession } from '../../auth/sessions.js';
import { iso } from '../../context.js';
import type { Dialect } from '../../db/index.js';
import { archiveCalls, archiveRunner, manifestLines, readBag } from '../../archives/everything/test-support.js';
import { listenUrlFor } from '../../listen/index.js';
import { audioFile, followUpAudioFile, memoryFields, wavBytes } from '../../memories/test-support.js';
import { formBody } from '../../media/test-support.js';
import { webmRecording } from '../../audio/test-recordings.js';
import { voicePart } from '../../comments/test-support.js';
import { addStoryteller } from '../../storytellers/test-support.js';
import { makeTestApp, type TestApp } from '../../test/app.js';
import { makeFamily, makeTimeline, makeUser, type MadeUser } from '../../test/factories.js';
import { createMemory, freshTarget, type Target } from '../test-support.js';
import { runImport, testAppOn } from './test-support.js';

const legs: [Dialect, Dialect][] = process.env.TEST_DATABASE_URL ? [['sqlite', 'postgres'], ['postgres', 'sqlite']] : [];

/** Everything of the bag but the export's own time. */
function recordsOf(bag: Awaited<ReturnType<typeof readBag>>) {
  const header = JSON.parse(bag.text(bagPaths.header)) as Record<string, unknown>;
  return {
    header: { ...header, exportedAt: 'normalised' },
    ...Object.fromEntries(recordFiles.map((name) => [name, bag.records(name)])),
  };
}
const mediaHashesOf = (bag: Awaited<ReturnType<typeof readBag>>) =>
  new Set(manifestLines(bag.text(bagPaths.manifest)).filter(([, path]) => path.startsWith(bagPaths.media)).map(([sha]) => sha));

/** The exporter's archive of everything, made by its job and downloaded over HTTP. */
async function exportEverything(t: TestApp, who: MadeUser): Promise<Buffer> {
  const calls = archiveCalls(t);
  const created = await calls.create(who);
  expect(created.statusCode).toBe(202);
  await archiveRunner(t).settle();
  const file = await calls.file(created.json().id, who);
  expect(file.statusCode).toBe(200);
  return file.rawPayload;
}

describe.skipIf(legs.length === 0).each(legs)('an archive from %s imported into an empty instance on %s', (from, to) => {
  let source: TestApp;
  let target: Target;
  let scratch: string;
  let rose: MadeUser;

  beforeAll(async () => {
    source = await makeTestApp(from);
    target = freshTarget(to);
    scratch = mkdtempSync(join(tmpdir(), 'heirloom-round-trip-'));
    rose = await makeUser(source.ctx, { email: 'rose@example.org', displayName: 'Rose', firstName: 'Rose', lastName: 'Lake' });
    const ann = await makeUser(source.ctx, { email: 'ann@example.org', displayName: 'Ann' });
    await makeFamily(source.ctx, rose.user, { name: 'The Lakes', members: [ann.user] });
    const timeline = await makeTimeline(source.ctx, rose.user, { name: 'Family', members: [ann.user] });
    const memoryId = await createMemory(source, rose, timeline.id, 'The summer at the lake');
    const annsId = await createMemory(source, ann, timeline.id, 'Ann’s first bike');
    // Seen by every member of the timeline, so Rose's archive holds it.
    await source.ctx.db.updateTable('memories').set({ audience: 'timeline' }).where('id', 'in', [memoryId, annsId]).execute();
    await source.ctx.db.insertInto('comments').values({
      id: randomUUID(), memory_id: memoryId, user_id: ann.user.id, content: 'The cold water!', transcription: null, audio_key: null, created_at: iso(source.ctx.now()),
    }).execute();
    await listenUrlFor(source.ctx, source.ctx.db, memoryId, rose.user.id);
    // A voice comment, a story with a spoken follow-up answer, a storyteller and a question for him.
    const comment = await formBody([voicePart(webmRecording())]);
    const commented = await source.app.inject({ method: 'POST', url: `/api/memories/${memoryId}/comments`, payload: comment.payload, headers: { ...comment.headers, cookie: ann.cookie } });
    expect(commented.statusCode).toBe(201);
    const story = await formBody([
      ...memoryFields({ title: 'Where we slept', timelineIds: [timeline.id], followUpResponses: [{ question: 'Was it cold?', answer: 'Very.', hasAudio: true }] }),
      audioFile(wavBytes(4_000)),
      followUpAudioFile(wavBytes(2_000)),
    ]);
    const told = await source.app.inject({ method: 'POST', url: '/api/memories', payload: story.payload, headers: { ...story.headers, cookie: rose.cookie } });
    expect(told.statusCode).toBe(201);
    const grandpa = await addStoryteller(source, timeline.id, rose, { displayName: 'Grandpa Joe' });
    const asked = await source.app.inject({ method: 'POST', url: `/api/timelines/${timeline.id}/questions`, payload: { text: 'What was the lake like?', forUserId: grandpa.id }, headers: { cookie: rose.cookie } });
    expect(asked.statusCode).toBe(201);
  });
  afterAll(async () => {
    await source.close();
    await target.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('exported again as the same person, holds the same records and the same media', async () => {
    const first = await exportEverything(source, rose);
    const zip = join(scratch, 'heirloom-rose.zip');
    writeFileSync(zip, first);
    const run = await runImport([zip], target.env);
    expect(run.complaints).toEqual([]);
    expect(run.code).toBe(0);
    // The exporter's own bag, brought twice, adds nothing the second time.
    expect((await runImport([zip], target.env)).says).toContain('Nothing was added: everything in the archive is here already.');

    const imported = await testAppOn(target.config, to);
    try {
      const session = await startSession(imported.ctx, rose.user.id, 'vitest');
      const again = await exportEverything(imported, { user: rose.user, cookie: `sid=${session.token}` });
      const [before, after] = [await readBag(first), await readBag(again)];
      const records = recordsOf(before) as unknown as Record<string, unknown[]>;
      // Not an empty comparison: Rose, Ann and Grandpa (a member as storyteller), the family, three memories with their files, two comments, the question, the listen code.
      expect(Object.fromEntries(recordFiles.map((name) => [name, records[name]!.length]))).toEqual({
        people: 3, families: 1, timelines: 1, memberships: 3, memories: 3, comments: 2, questions: 1, storytellers: 1,
      });
      expect(records.memories!.flatMap((memory) => (memory as { listenCodes: unknown[] }).listenCodes)).toHaveLength(1);
      expect(recordsOf(after)).toEqual(recordsOf(before));
      expect(mediaHashesOf(after)).toEqual(mediaHashesOf(before));
      expect(mediaHashesOf(before).size).toBeGreaterThan(0);
    } finally {
      await imported.close();
    }
  });
});
