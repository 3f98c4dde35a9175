// What the archive of everything holds (issue 25; DESIGN "Yours to keep"): exactly what the
// requester may view, by the one memory-view rule, every record naming only what the archive
// holds, and no secret anywhere; memories oldest first, a batch at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, type TestApp } from '../../test/app.js';
import { makeMemory, makeUser, type MadeUser } from '../../test/factories.js';
import type { Gathered, GatheredMemoryWithComments } from './gathered.js';
import { gatherEverything, mediaIdOfKey } from './gather.js';
import { filesOf, makeWorld, parseAsRecords, readAll, secretsOf, type World } from './gather-test-support.js';

describe.each(dialects)('gatherEverything on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  let gathered: Gathered;
  let memories: GatheredMemoryWithComments[];
  const memoryOf = (id: string) => memories.find((item) => item.memory.id === id);

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    world = await makeWorld(t);
    gathered = await gatherEverything(t.ctx, world.rose.user);
    memories = await readAll(gathered);
  });
  afterAll(() => t.close());

  it('holds exactly the memories Rose may view, oldest first by (created_at, id)', () => {
    const { full, annSharedWithRose, annTimeline, xavierSharedWithRose } = world.memories;
    const sameInstant = [annSharedWithRose, xavierSharedWithRose].sort();
    expect(memories.map((item) => item.memory.id)).toEqual([annTimeline, full, ...sameInstant]);
    expect(gathered.totals.memories).toBe(4);
  });

  it('leaves out a private memory of someone else, a people memory not shared with her, and an outsider timeline memory', () => {
    const ids = memories.map((item) => item.memory.id);
    for (const absent of [world.memories.benPrivate, world.memories.annSharedWithBen, world.memories.yvesPrivate, world.memories.yvesTimeline]) expect(ids).not.toContain(absent);
  });

  it('names only people the records name: not Yves, whose memories she cannot see', () => {
    const ids = gathered.people.map((person) => person.id).sort();
    expect(ids).toEqual([world.rose.user.id, world.ann.user.id, world.ben.user.id, world.xavier.user.id, world.walt.user.id, world.edna, world.joe].sort());
    expect(gathered.exporter).toEqual({ id: world.rose.user.id, displayName: 'Rose' });
  });

  it('gives every person an e-mail as the app shows it (a storyteller never) and a family only when it is hers', () => {
    const person = (id: string) => gathered.people.find((one) => one.id === id)!;
    expect(person(world.ann.user.id)).toMatchObject({ email: world.ann.user.email, familyId: world.familyId, isStoryteller: false });
    // Xavier's family is not Rose's: the archive does not name it.
    expect(person(world.xavier.user.id)).toMatchObject({ email: world.xavier.user.email, familyId: null });
    // Named by a memory's sharing only: the app never shows Rose his card, so not his address either.
    expect(person(world.walt.user.id)).toMatchObject({ displayName: 'Walt', email: null, familyId: null });
    expect(person(world.edna)).toMatchObject({ email: null, isStoryteller: true, familyId: world.familyId });
    expect(person(world.joe)).toMatchObject({ email: null, isStoryteller: true });
  });

  it('holds her timelines, every member of them, and her family', () => {
    expect(gathered.timelines.map((timeline) => timeline.id).sort()).toEqual([world.lake, world.holidays].sort());
    const lake = gathered.timelines.find((timeline) => timeline.id === world.lake)!;
    expect(lake).toMatchObject({ name: 'Lake house', ownerId: world.rose.user.id, isDefault: false, color: '#3b82f6' });
    const members = gathered.memberships.map((row) => `${row.timelineId}:${row.personId}`).sort();
    expect(members).toEqual(
      [
        `${world.lake}:${world.rose.user.id}`,
        `${world.lake}:${world.ann.user.id}`,
        `${world.lake}:${world.ben.user.id}`,
        `${world.lake}:${world.edna}`,
        `${world.holidays}:${world.ann.user.id}`,
        `${world.holidays}:${world.rose.user.id}`,
        `${world.holidays}:${world.joe}`,
      ].sort(),
    );
    expect(gathered.families).toEqual([expect.objectContaining({ id: world.familyId, name: 'Hill', createdBy: world.rose.user.id })]);
  });

  it('names only timelines of the archive on a memory, and keeps its sharing, tags and author', () => {
    const fromAfar = memoryOf(world.memories.xavierSharedWithRose)!.memory;
    expect(fromAfar).toMatchObject({ authorId: world.xavier.user.id, audience: 'people', timelineIds: [], familyId: null });
    expect([...fromAfar.sharedWith].sort()).toEqual([world.xavier.user.id, world.rose.user.id, world.walt.user.id].sort());
    const full = memoryOf(world.memories.full)!.memory;
    expect(full).toMatchObject({ title: 'The island', authorId: world.rose.user.id, audience: 'people', timelineIds: [world.lake], familyId: world.familyId, tags: ['boats', 'lake'] });
    expect(memoryOf(world.memories.annTimeline)!.memory).toMatchObject({ audience: 'timeline', timelineIds: [world.holidays] });
  });

  it("gives a memory's originals (no video poster), its voice and its spoken answer's recording", () => {
    const full = memoryOf(world.memories.full)!.memory;
    expect(full.files.map((file) => file.kind)).toEqual(['image', 'image', 'video', 'audio', 'audio']);
    expect(full.files.map((file) => file.mimeType)).toEqual(['image/png', 'image/gif', 'video/mp4', 'audio/wav', 'audio/wav']);
    expect(full.files.every((file) => file.ownerId === world.rose.user.id && file.bytes > 0)).toBe(true);
    // A photo is three rows (original, display copy, thumbnail): only the original is kept.
    expect(full.files.filter((file) => /-(display|thumb)\./.test(file.storageKey))).toEqual([]);
    expect(full.files.slice(0, 2).map((file) => [file.position, file.width, file.height])).toEqual([
      [0, 64, 48],
      [1, 32, 24],
    ]);
    const voice = full.files.find((file) => file.mediaId === full.voiceMediaId)!;
    expect(voice).toMatchObject({ kind: 'audio', position: 0 });
    expect(full.followUps.map((answer) => [answer.position, answer.question])).toEqual([
      [0, 'What did you eat?'],
      [1, 'Who was there?'],
    ]);
    expect(full.followUps[0]!.voiceMediaId).toBeNull();
    const spoken = full.files.find((file) => file.mediaId === full.followUps[1]!.voiceMediaId)!;
    expect(spoken).toMatchObject({ kind: 'audio', position: 2 });
    expect(spoken.storageKey).not.toBe(voice.storageKey);
  });

  it('gives every comment of a memory, oldest first, a voice comment with its recording', () => {
    const { comments } = memoryOf(world.memories.full)!;
    expect(comments.map((comment) => [comment.authorId, comment.content, comment.transcription])).toEqual([
      [world.ann.user.id, 'What a day that was!', null],
      [world.rose.user.id, null, 'Me again'],
    ]);
    expect(comments[0]!.voice).toBeNull();
    expect(comments[1]!.voice).toMatchObject({ kind: 'comment_audio', ownerId: world.rose.user.id, mimeType: 'audio/webm' });
  });

  it('gives a listen code by its id and its token hash, never its sealed token', async () => {
    const row = await t.ctx.db.selectFrom('listen_links').selectAll().where('id', '=', world.listenCodeId).executeTakeFirstOrThrow();
    expect(memoryOf(world.memories.full)!.memory.listenCodes).toEqual([{ id: row.id, tokenSha256: row.token_hash, createdBy: world.rose.user.id, createdAt: row.created_at }]);
  });

  it('makes a file named by a column with no media row from its key: a stable id, its type and size from storage', () => {
    const old = memoryOf(world.memories.annSharedWithRose)!.memory;
    expect(old.voiceMediaId).toBe(mediaIdOfKey(world.oldKeys.voice));
    expect(old.files).toEqual([
      expect.objectContaining({ mediaId: mediaIdOfKey(world.oldKeys.voice), kind: 'audio', mimeType: 'audio/webm', bytes: world.oldKeys.voiceBytes, ownerId: world.ann.user.id, storageKey: world.oldKeys.voice }),
    ]);
    expect(mediaIdOfKey(world.oldKeys.voice)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const ann = gathered.people.find((person) => person.id === world.ann.user.id)!;
    expect(ann.avatar).toMatchObject({ mediaId: mediaIdOfKey(world.oldKeys.avatar), kind: 'avatar', mimeType: 'image/webp', bytes: world.oldKeys.avatarBytes, ownerId: world.ann.user.id });
    const rose = gathered.people.find((person) => person.id === world.rose.user.id)!;
    expect(rose.avatar).toMatchObject({ mediaId: world.roseAvatar.mediaId, kind: 'avatar', bytes: world.roseAvatar.bytes, storageKey: world.roseAvatar.key });
  });

  it('keeps a voice comment whose file storage no longer has, without a voice', () => {
    expect(memoryOf(world.memories.annSharedWithRose)!.comments).toEqual([expect.objectContaining({ authorId: world.ann.user.id, transcription: 'Lost words', voice: null })]);
  });

  it("counts every file's bytes, avatars included", () => {
    const sum = filesOf(gathered, memories).reduce((total, file) => total + file.bytes, 0);
    expect(gathered.totals.fileBytes).toBe(sum);
    expect(sum).toBeGreaterThan(world.oldKeys.voiceBytes + world.oldKeys.avatarBytes + world.roseAvatar.bytes);
  });

  it('gives questions of her timelines, answeredMemoryId only for a story in the archive', () => {
    expect(gathered.questions.map((question) => [question.id, question.answeredMemoryId])).toEqual([
      [world.questions.answeredUnseen, null],
      [world.questions.answeredSeen, world.memories.annTimeline],
    ]);
    expect(gathered.questions[0]).toMatchObject({ timelineId: world.lake, askedBy: world.ann.user.id, forPersonId: world.edna });
  });

  it('gives a storyteller she manages with contact, reminder and link hash, and one she does not manage without', async () => {
    const edna = await t.ctx.db.selectFrom('storytellers').select('link_hash').where('user_id', '=', world.edna).executeTakeFirstOrThrow();
    const byId = (id: string) => gathered.storytellers.find((one) => one.personId === id);
    expect(byId(world.edna)).toMatchObject({
      timelineId: world.lake,
      createdBy: world.rose.user.id,
      email: 'edna@example.org',
      reminder: { weekday: 0, time: '10:00', timeZone: 'Europe/Paris' },
      remindersStopped: false,
      linkSha256: edna.link_hash,
    });
    expect(byId(world.joe)).toMatchObject({ timelineId: world.holidays, createdBy: world.ann.user.id, email: null, reminder: null, linkSha256: null });
  });

  it('names in its records only people, timelines and families the archive holds', () => {
    const people = new Set(gathered.people.map((person) => person.id));
    const named = [
      ...gathered.timelines.map((timeline) => timeline.ownerId),
      ...gathered.memberships.map((row) => row.personId),
      ...gathered.families.flatMap((family) => (family.createdBy ? [family.createdBy] : [])),
      ...gathered.questions.flatMap((question) => [question.askedBy, ...(question.forPersonId ? [question.forPersonId] : [])]),
      ...gathered.storytellers.flatMap((one) => [one.personId, ...(one.createdBy ? [one.createdBy] : [])]),
      ...memories.flatMap(({ memory, comments }) => [
        memory.authorId,
        ...memory.sharedWith,
        ...memory.listenCodes.flatMap((code) => (code.createdBy ? [code.createdBy] : [])),
        ...comments.map((comment) => comment.authorId),
      ]),
      ...filesOf(gathered, memories).map((file) => file.ownerId),
    ];
    expect(named.filter((id) => !people.has(id))).toEqual([]);
    const timelines = new Set(gathered.timelines.map((timeline) => timeline.id));
    const namedTimelines = [...memories.flatMap(({ memory }) => memory.timelineIds), ...gathered.questions.map((q) => q.timelineId), ...gathered.storytellers.map((s) => s.timelineId)];
    expect(namedTimelines.filter((id) => !timelines.has(id))).toEqual([]);
    parseAsRecords(gathered, memories);
  });

  it("holds no password hash, session, sealed token, storyteller's sign-in name, or contact of a storyteller she does not manage", async () => {
    const text = JSON.stringify({ ...gathered, memories });
    const secrets = await secretsOf(t);
    expect(secrets.length).toBeGreaterThan(10);
    const joe = await t.ctx.db.selectFrom('storytellers').select(['email', 'link_hash']).where('user_id', '=', world.joe).executeTakeFirstOrThrow();
    for (const secret of [...secrets, joe.email!, joe.link_hash!, world.walt.user.email]) expect(text).not.toContain(secret);
  });
});

describe.each(dialects)('gatherEverything beyond one batch on %s', (dialect) => {
  let t: TestApp;
  let reader: MadeUser;
  /** Rose's 250 memories in the order an archive must give them. */
  const expected: { id: string; createdAt: string }[] = [];

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    reader = await makeUser(t.ctx);
    const other = await makeUser(t.ctx);
    const base = Date.parse('2020-01-01T00:00:00.000Z');
    for (let index = 0; index < 250; index++) {
      // Made newest first, so the order read is not the order written.
      const createdAt = new Date(base + Math.floor((249 - index) / 3) * 60_000).toISOString();
      t.ctx.now = () => new Date(createdAt);
      expected.push({ id: (await makeMemory(t.ctx, reader.user)).id, createdAt });
      if (index % 10 === 0) await makeMemory(t.ctx, other.user, { audience: 'private' });
    }
    expected.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1));
  });
  afterAll(() => t.close());

  it('gives 250 memories oldest first by (created_at, id), three to an instant, and none of another', async () => {
    const gathered = await gatherEverything(t.ctx, reader.user);
    expect(gathered.totals.memories).toBe(250);
    const read = await readAll(gathered);
    expect(read.map((item) => item.memory.id)).toEqual(expected.map((memory) => memory.id));
    expect(gathered.people.map((person) => person.id)).toEqual([reader.user.id]);
  });

  it('stops between batches once its signal is aborted', async () => {
    const controller = new AbortController();
    const gathered = await gatherEverything(t.ctx, reader.user, controller.signal);
    let taken = 0;
    const reading = (async () => {
      for await (const _ of gathered.memories()) {
        taken++;
        if (taken === 100) controller.abort();
      }
    })();
    await expect(reading).rejects.toThrow(/abort/i);
    expect(taken).toBe(100);
    const aborted = new AbortController();
    aborted.abort();
    await expect(gatherEverything(t.ctx, reader.user, aborted.signal)).rejects.toThrow(/abort/i);
  });
});
