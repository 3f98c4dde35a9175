// npm run import:day-one (issue 25 "Beyond Heirloom"): a Day One JSON export built as Day One
// writes it (test-support.ts) comes into a timeline as memories the family reads through the
// real API: titles, notes, tags, dates, photos without their GPS, a voice, a video without its
// place; a second run and a dry run change nothing; a broken export is refused before anything
// is written, each problem named.
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Memory } from '../../../../common/memories.js';
import sharp from '../../../media/sharp.js';
import { hasGpsTag } from '../../../media/test-support.js';
import { PLACE } from '../../../media/video-test-support.js';
import { dialects, makeTestApp, type TestApp } from '../../../test/app.js';
import { makeTimeline, makeUser, type MadeUser } from '../../../test/factories.js';
import { configOf, envOf, filesOf, rowsOf } from '../../test-support.js';
import { runDayOneImport } from './command.js';
import { dayOneId, memoryIdOf } from './map.js';
import { dayOneIdentifier, dayOneZip, familyExport, notAZip, photo } from './test-support.js';

interface Run {
  code: number;
  said: string[];
  complaints: string[];
}

async function importDayOne(args: string[], env: Record<string, string>): Promise<Run> {
  const said: string[] = [];
  const complaints: string[] = [];
  const code = await runDayOneImport(args, env, { say: (line) => said.push(line), complain: (line) => complaints.push(line) });
  return { code, said, complaints };
}

describe.each(dialects)('npm run import:day-one on %s', (dialect) => {
  let t: TestApp;
  let owner: MadeUser;
  let sister: MadeUser;
  let timeline: { id: string; name: string };
  let env: Record<string, string>;
  let exported: Awaited<ReturnType<typeof familyExport>>;
  let zip: string;
  const label = (entry: { uuid: string; creationDate: string }) => `Journal.json, entry ${entry.uuid} (${entry.creationDate})`;

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    owner = await makeUser(t.ctx, { displayName: 'Ann' });
    sister = await makeUser(t.ctx, { displayName: 'Beth' });
    timeline = await makeTimeline(t.ctx, owner.user, { name: 'Our years', members: [sister.user] });
    env = envOf(await configOf(t));
    exported = await familyExport();
    const { sea, tokyo, garden } = exported.entries;
    zip = await dayOneZip({ Journal: [sea, tokyo, garden] }, exported.files);
  });
  afterAll(() => t?.close());

  const read = async (id: string, viewer: MadeUser = owner): Promise<Memory> => {
    const response = await t.app.inject({ method: 'GET', url: `/api/memories/${id}`, headers: { cookie: viewer.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const snapshot = async () => {
    const config = await configOf(t);
    return { rows: await rowsOf(config), files: await filesOf(config) };
  };

  it('says in a dry run what it would add and what it leaves out, and changes nothing', async () => {
    const before = await snapshot();
    const run = await importDayOne([zip, '--timeline', timeline.id, '--dry-run'], env);
    expect(run.code).toBe(0);
    const { sea, tokyo, garden } = exported.entries;
    expect(run.said).toEqual([
      'Read 1 journal (Journal.json): 3 entries.',
      `Into the timeline "Our years", written by Ann (${owner.user.email}), for every member of the timeline to see.`,
      `Would add "A day at the sea" (${label(sea)}): 2 photos, a voice.`,
      `Would add "Journal entry, 2 March 2023" (${label(tokyo)}): 1 video.`,
      `Would add "The garden in June" (${label(garden)}): a voice.`,
      `Would add "The garden in June (2 of 2)" (${label(garden)}): a voice.`,
      'Dry run: would add 4 memories (2 photos, 3 voices, 1 video); 0 memories were there already; 2 things left out, each said above. Nothing was changed.',
    ]);
    expect(run.complaints).toEqual([
      `Left out of "The garden in June" (${label(garden)}): the PDF ${garden.pdfAttachments[0]!.md5}: Heirloom keeps photos, recordings and videos, not documents.`,
      `Left out of "The garden in June" (${label(garden)}): the photo ${exported.made.heic.file.path.slice('photos/'.length)}: HEIC, which this server's image library cannot read (convert it to JPEG and add it to the memory).`,
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('brings each entry in as a memory the family reads: title, notes, tags, dates, photos, voice and video', async () => {
    const run = await importDayOne([zip, '--timeline', timeline.id], env);
    expect(run.code, run.complaints.join('\n')).toBe(0);
    expect(run.said.at(-1)).toBe('Done: added 4 memories (2 photos, 3 voices, 1 video); 0 memories were there already; 2 things left out, each said above.');
    expect(run.complaints).toHaveLength(2);
    const { sea, tokyo, garden } = exported.entries;

    const beach = await read(memoryIdOf(sea.uuid));
    expect(beach).toMatchObject({
      title: 'A day at the sea',
      content:
        'We walked to the end of the pier.\n\n**Lunch** was fish and chips!\n\nPlace: Brighton Palace Pier, Brighton, England, United Kingdom\nWeather: Mostly Sunny, 8 °C',
      tags: ['Grandma Rose', 'sea'],
      createdAt: '2023-01-05T09:30:00.000Z',
      updatedAt: '2023-01-06T18:02:11.000Z',
      userId: owner.user.id,
      audience: 'timeline',
      timelineIds: [timeline.id],
      audioDuration: 12.5,
      transcriptionStatus: 'none',
    });
    expect(beach.images).toHaveLength(2);
    expect(beach.audioUrl).not.toBeNull();
    expect(beach.sharedWith.sort()).toEqual([owner.user.id, sister.user.id].sort());
    // The family sees it: the sister reads it too.
    expect((await read(beach.id, sister)).title).toBe('A day at the sea');

    // In the entry's order (orderInEntry): the PNG first, then the phone's JPEG, which lost its GPS.
    const images = await t.ctx.db.selectFrom('media').selectAll().where('memory_id', '=', beach.id).where('kind', '=', 'image').orderBy('position').execute();
    expect(images.map((row) => row.position)).toEqual([0, 0, 0, 1, 1, 1]);
    const originals = images.filter((row) => !/-(display|thumb)\.webp$/.test(row.storage_key));
    expect(originals.map((row) => row.mime_type)).toEqual(['image/png', 'image/jpeg']);
    for (const row of images) {
      const stored = await buffer((await t.ctx.media.get(row.storage_key))!.body);
      expect(hasGpsTag((await sharp(stored).metadata()).exif), row.storage_key).toBe(false);
    }
    const voice = await t.ctx.db.selectFrom('media').selectAll().where('memory_id', '=', beach.id).where('kind', '=', 'audio').execute();
    expect(voice).toMatchObject([{ mime_type: 'audio/mp4', duration: 12.5, position: 0 }]);
    expect(await buffer((await t.ctx.media.get(voice[0]!.storage_key))!.body)).toEqual(exported.made.voice.file.data);

    // No words: titled by its day in Tokyo, the day after its UTC date.
    const film = await read(memoryIdOf(tokyo.uuid));
    expect(film).toMatchObject({ title: 'Journal entry, 2 March 2023', content: '', tags: [], createdAt: '2023-03-01T15:30:00.000Z', audioUrl: null });
    expect(film.videos).toHaveLength(1);
    const videoRow = await t.ctx.db.selectFrom('media').selectAll().where('memory_id', '=', film.id).where('kind', '=', 'video').executeTakeFirstOrThrow();
    const storedVideo = await buffer((await t.ctx.media.get(videoRow.storage_key))!.body);
    expect(storedVideo.length).toBe(exported.made.clip.file.data.length);
    expect(storedVideo.includes(Buffer.from(PLACE))).toBe(false);

    // The HEIC and the PDF are left out; the second voice memo goes on in a memory of the same day.
    const roses = await read(memoryIdOf(garden.uuid));
    expect(roses).toMatchObject({ title: 'The garden in June', content: 'Roses everywhere.', createdAt: '2024-06-10T15:00:00.000Z', updatedAt: '2024-06-10T15:00:00.000Z', audioDuration: 3 });
    expect(roses.images).toHaveLength(0);
    const more = await read(dayOneId(`day-one:${garden.uuid}:part:2`));
    expect(more).toMatchObject({
      title: 'The garden in June (2 of 2)',
      content: 'More photos, videos and recordings from the journal entry “The garden in June”.',
      createdAt: '2024-06-10T15:00:00.000Z',
      audioDuration: 4,
      timelineIds: [timeline.id],
    });
    // Nobody is told of years of a journal at once.
    expect(await t.ctx.db.selectFrom('notifications').selectAll().execute()).toEqual([]);
  });

  it('adds nothing on a second run, naming each entry already there', async () => {
    const before = await snapshot();
    const run = await importDayOne([zip, '--timeline', timeline.id], env);
    expect(run.code).toBe(0);
    expect(run.said.slice(2, 6)).toEqual([
      `Already there: "A day at the sea" (${label(exported.entries.sea)}).`,
      `Already there: "Journal entry, 2 March 2023" (${label(exported.entries.tokyo)}).`,
      `Already there: "The garden in June" (${label(exported.entries.garden)}).`,
      `Already there: "The garden in June (2 of 2)" (${label(exported.entries.garden)}).`,
    ]);
    expect(run.said.at(-1)).toBe('Done: added 0 memories (0 photos, 0 voices, 0 videos); 4 memories were there already.');
    expect(run.complaints).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an export whose entry names a missing photo, naming it, and writes nothing', async () => {
    const present = photo(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).png().toBuffer(), 'png', 0);
    const missing = photo(Buffer.from('never packed'), 'jpeg', 1);
    const entry = { uuid: dayOneIdentifier(), creationDate: '2022-05-01T08:00:00Z', text: 'Two photos', photos: [present.moment, missing.moment] };
    const broken = await dayOneZip({ Holidays: [entry] }, [present.file]);
    const before = await snapshot();
    const run = await importDayOne([broken, '--timeline', timeline.id], env);
    expect(run.code).toBe(1);
    expect(run.said).toEqual([]);
    expect(run.complaints).toEqual([
      `Holidays.json, entry ${entry.uuid} (2022-05-01T08:00:00Z): its photo ${missing.moment.md5} is not in the zip (photos/${missing.moment.md5}.*).`,
      'Nothing was imported: 1 problem in the export.',
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses what is not a Day One export, and says how it is run', async () => {
    const notZip = await importDayOne([notAZip(), '--timeline', timeline.id], env);
    expect(notZip.code).toBe(1);
    expect(notZip.complaints[0]).toMatch(/Journal\.zip is not a zip file/);

    const empty = await importDayOne([await dayOneZip({}, [{ path: 'photos/readme.txt', data: Buffer.from('hi') }]), '--timeline', timeline.id], env);
    expect(empty.code).toBe(1);
    expect(empty.complaints[0]).toMatch(/holds no Day One journal: there is no \{Journal name\}\.json in it\.$/);

    const badEntry = await importDayOne([await dayOneZip({ Journal: [{ uuid: 'X', creationDate: 'yesterday' }] }, []), '--timeline', timeline.id], env);
    expect(badEntry.complaints).toEqual(['Journal.json, entry 1 (X): creationDate is not a date.', 'Nothing was imported: 1 problem in the export.']);

    const noTimeline = await importDayOne([zip, '--timeline', '00000000-0000-4000-8000-000000000000'], env);
    expect(noTimeline.code).toBe(1);
    expect(noTimeline.complaints).toEqual(['There is no timeline 00000000-0000-4000-8000-000000000000. Its id is in its address in Heirloom: /timeline/{id}.']);

    const stranger = await makeUser(t.ctx);
    const notMember = await importDayOne([zip, '--timeline', timeline.id, '--as', stranger.user.email, '--dry-run'], env);
    expect(notMember.code).toBe(1);
    expect(notMember.complaints).toEqual([`${stranger.user.email} is not a member of the timeline "Our years": the entries are written by one of its members.`]);

    const usage = 'Usage: npm run import:day-one -- FILE.zip --timeline ID [--as EMAIL] [--dry-run]';
    expect(await importDayOne([], env)).toEqual({ code: 2, said: [], complaints: [`Name the Day One export (a .zip). ${usage}`] });
    expect(await importDayOne([zip], env)).toEqual({ code: 2, said: [], complaints: [`Name the timeline the entries go on with --timeline ID. ${usage}`] });
    expect(await importDayOne([zip, '--timeline', timeline.id, '--force'], env)).toEqual({ code: 2, said: [], complaints: [`Unknown option --force. ${usage}`] });
  });

  it('writes as the member --as names, and queues the words of each voice when an engine is configured', async () => {
    const { entries, files } = await familyExport();
    const again = await dayOneZip({ 'Family stories': [entries.sea] }, files);
    const withEngine = { ...env, TRANSCRIBE_URL: 'http://127.0.0.1:9/v1' };
    const run = await importDayOne([again, '--timeline', timeline.id, '--as', sister.user.email.toUpperCase()], withEngine);
    expect(run.code, run.complaints.join('\n')).toBe(0);
    expect(run.said.at(-1)).toBe('The words of each voice are written by a running Heirloom (the next one started, if none runs now).');
    const id = memoryIdOf(entries.sea.uuid);
    expect(await read(id)).toMatchObject({ userId: sister.user.id, transcriptionStatus: 'queued' });
    const jobs = await t.ctx.db.selectFrom('jobs').select(['kind', 'payload']).where('kind', '=', 'memory.words').execute();
    expect(jobs.map((job) => JSON.parse(job.payload))).toEqual([{ id }]);
  });
});
