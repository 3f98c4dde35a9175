// npm run import:day-one, the runs around the import itself: an entry with more than a memory
// holds goes on in memories of the same day, a run that fails part way leaves nothing behind
// and the next run completes it, and the command as the operator runs it (its own process,
// through the import entry) answers its exit codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Memory } from '../../../../common/memories.js';
import type { AppContext } from '../../../context.js';
import { mp4Bytes } from '../../../memories/test-support.js';
import sharp from '../../../media/sharp.js';
import type { MediaStore } from '../../../providers/storage/index.js';
import { dialects, makeTestApp, type TestApp } from '../../../test/app.js';
import { makeTimeline, makeUser, type MadeUser } from '../../../test/factories.js';
import { configOf, envOf, filesOf, linesOf, runCli } from '../../test-support.js';
import { runDayOneImport } from './command.js';
import { dayOneId, memoryIdOf, planEntry } from './map.js';
import { readDayOneExport } from './read.js';
import { dayOneIdentifier, dayOneZip, photo, video } from './test-support.js';
import { writeEntry } from './write.js';

const quiet = { say: () => undefined, complain: () => undefined };
const png = (background: string) => sharp({ create: { width: 16, height: 12, channels: 3, background } }).png().toBuffer();

/** The store, failing every put after the first `allowed` as a full disk would. */
function failingAfter(store: MediaStore, allowed: number): MediaStore {
  let puts = 0;
  return new Proxy(store, {
    get(target, property) {
      if (property === 'put') {
        return (...args: Parameters<MediaStore['put']>) => (++puts > allowed ? Promise.reject(new Error('No space left on device')) : target.put(...args));
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe.each(dialects)('npm run import:day-one, its runs, on %s', (dialect) => {
  let t: TestApp;
  let owner: MadeUser;
  let timeline: { id: string };
  let env: Record<string, string>;
  let trip: { uuid: string };
  let zip: string;

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    owner = await makeUser(t.ctx);
    timeline = await makeTimeline(t.ctx, owner.user);
    env = envOf(await configOf(t));
    const colours = ['#aa0000', '#00aa00', '#0000aa', '#aaaa00', '#00aaaa'];
    const photos = await Promise.all(colours.map(async (colour, index) => photo(await png(colour), 'png', index)));
    const videos = [10_000, 11_000, 12_000].map((size, index) => video(mp4Bytes(size), index));
    trip = {
      uuid: dayOneIdentifier(),
      creationDate: '2019-08-14T07:00:00Z',
      tags: ['Lakes'],
      text: `# Lake District\nFive photos and three films.\n${[...photos, ...videos].map((made) => made.reference).join('\n')}`,
      photos: photos.map((made) => made.moment),
      videos: videos.map((made) => made.moment),
    } as { uuid: string };
    zip = await dayOneZip({ Travel: [trip] }, [...photos, ...videos].map((made) => made.file));
  });
  afterAll(() => t?.close());

  const read = async (id: string): Promise<Memory> => {
    const response = await t.app.inject({ method: 'GET', url: `/api/memories/${id}`, headers: { cookie: owner.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('leaves nothing behind when a run fails part way, and the next run completes it', async () => {
    const config = await configOf(t);
    const filesBefore = await filesOf(config);
    const source = await readDayOneExport(zip, 'Travel.zip');
    try {
      const [first] = planEntry(source.entries[0]!, false);
      // The fourth file of the entry's first memory does not fit on the disk.
      const broken: AppContext = { ...t.ctx, media: failingAfter(t.ctx.media, 3) };
      const target = { timelineId: timeline.id, author: owner.user, members: [owner.user.id] };
      await expect(writeEntry(broken, source, target, first!)).rejects.toThrow('No space left on device');
    } finally {
      source.close();
    }
    expect(await t.ctx.db.selectFrom('memories').select('id').execute()).toEqual([]);
    expect([...(await filesOf(config)).keys()]).toEqual([...filesBefore.keys()]);

    expect(await runDayOneImport([zip, '--timeline', timeline.id], env, quiet)).toBe(0);
    expect(await t.ctx.db.selectFrom('memories').select('id').orderBy('title').execute()).toHaveLength(2);
  });

  it('carries what one memory cannot hold into memories of the same day and tags', async () => {
    const first = await read(memoryIdOf(trip.uuid));
    expect(first).toMatchObject({ title: 'Lake District', content: 'Five photos and three films.', tags: ['Lakes'], createdAt: '2019-08-14T07:00:00.000Z' });
    expect([first.images.length, first.videos.length]).toEqual([3, 2]);
    const second = await read(dayOneId(`day-one:${trip.uuid}:part:2`));
    expect(second).toMatchObject({
      title: 'Lake District (2 of 2)',
      content: 'More photos, videos and recordings from the journal entry “Lake District”.',
      tags: ['Lakes'],
      createdAt: '2019-08-14T07:00:00.000Z',
    });
    expect([second.images.length, second.videos.length]).toEqual([2, 1]);
    // Each photo once, in the entry's order across both.
    const rows = await t.ctx.db.selectFrom('media').select(['memory_id', 'position']).where('kind', '=', 'image').where('storage_key', 'like', '%-thumb.webp').execute();
    expect(rows.map((row) => `${row.memory_id === first.id ? 1 : 2}:${row.position}`).sort()).toEqual(['1:0', '1:1', '1:2', '2:0', '2:1']);
  });

  it('runs as the operator runs it, from the import entry, with its exit codes', async () => {
    const entry = 'server/ops/import/cli.ts';
    const dry = await runCli(['day-one', zip, '--timeline', timeline.id, '--dry-run'], env, entry);
    expect(dry.code, dry.stderr).toBe(0);
    expect(linesOf(dry.stdout).at(-1)).toBe('Dry run: would add 0 memories (0 photos, 0 voices, 0 videos); 2 memories were there already. Nothing was changed.');
    const usage = await runCli(['day-one', zip], env, entry);
    expect(usage.code).toBe(2);
    expect(linesOf(usage.stderr)).toEqual(['Name the timeline the entries go on with --timeline ID. Usage: npm run import:day-one -- FILE.zip --timeline ID [--as EMAIL] [--dry-run]']);
    const refused = await runCli(['day-one', 'no-such-export.zip', '--timeline', timeline.id], env, entry);
    expect(refused.code).toBe(1);
    expect(linesOf(refused.stderr)[0]).toBe('no-such-export.zip: there is no such file.');
  });
});
