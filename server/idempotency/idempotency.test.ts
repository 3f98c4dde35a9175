// issue 20 "Never twice": a create sent again with the same Idempotency-Key answers the first
// result and creates nothing, for memories and comments (text and voice), on both databases,
// at the same moment, across two instances of the app over one database (PostgreSQL).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_WINDOW_MS } from '../../common/idempotency.js';
import { messages } from '../../common/messages.js';
import { buildApp } from '../app.js';
import { webmRecording } from '../audio/test-recordings.js';
import { contentPart, voicePart } from '../comments/test-support.js';
import { createContext } from '../context.js';
import { openDatabase } from '../db/index.js';
import { formBody, imageOf, type FormPart } from '../media/test-support.js';
import { imageFile, memoryFields } from '../memories/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeMemory, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { strayFiles } from '../memories/edit-test-support.js';

describe.each(dialects)('Idempotency-Key on the creating posts on %s', (dialect) => {
  let t: TestApp;
  let png: Buffer;
  /** Set to make the next memory.shared or comment.created listener fail inside its create's transaction. */
  let failNext = false;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    png = await imageOf('png', 320, 240);
    const fault = async () => {
      if (!failNext) return;
      failNext = false;
      throw new Error('injected fault');
    };
    t.ctx.events.on('memory.shared', fault);
    t.ctx.events.on('comment.created', fault);
  });
  afterAll(() => t.close());

  async function send(app: FastifyInstance, url: string, who: MadeUser, parts: FormPart[], key?: string) {
    const { payload, headers } = await formBody(parts);
    return app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie: who.cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) } });
  }
  const postMemory = (who: MadeUser, parts: FormPart[], key?: string, app = t.app) => send(app, '/api/memories', who, parts, key);
  const postComment = (who: MadeUser, memoryId: string, parts: FormPart[], key?: string, app = t.app) =>
    send(app, `/api/memories/${memoryId}/comments`, who, parts, key);

  const memoriesOf = (userId: string) => t.ctx.db.selectFrom('memories').select(['id', 'title']).where('user_id', '=', userId).execute();
  const commentsOf = (memoryId: string) => t.ctx.db.selectFrom('comments').select(['id', 'audio_key']).where('memory_id', '=', memoryId).execute();

  /** A creator and a member of one timeline: a memory shared with the member raises memory.shared. */
  async function family() {
    const creator = await makeUser(t.ctx);
    const member = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, creator.user, { members: [member.user] });
    const memory = (title = 'Summer at the lake') => [...memoryFields({ title, timelineIds: [timeline.id], sharedWith: [member.user.id] }), imageFile(png)];
    return { creator, member, timeline, memory };
  }

  describe('POST /api/memories', () => {
    it('answers the same key a second time with the first memory (same status and body) and creates nothing, not even its files', async () => {
      const { creator, memory } = await family();
      const first = await postMemory(creator, memory(), 'draft-1');
      expect(first.statusCode).toBe(201);
      const second = await postMemory(creator, memory('A different title the retry carries'), 'draft-1');
      expect(second.statusCode).toBe(201);
      expect(second.json()).toEqual(first.json());
      expect(second.headers['idempotency-replayed']).toBe('true');
      expect(first.headers['idempotency-replayed']).toBeUndefined();
      expect(await memoriesOf(creator.user.id)).toEqual([{ id: first.json().id, title: 'Summer at the lake' }]);
      expect(await t.ctx.db.selectFrom('media').select('id').where('owner_id', '=', creator.user.id).execute()).toHaveLength(3);
      expect(await strayFiles(t)).toEqual([]);
    });

    it('creates one memory when the same key is sent three times at the same moment; every send answers it', async () => {
      const { creator, memory } = await family();
      const answers = await Promise.all([1, 2, 3].map(() => postMemory(creator, memory(), 'same-moment')));
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
      const rows = await memoriesOf(creator.user.id);
      expect(rows).toHaveLength(1);
      for (const answer of answers) expect(answer.json()).toEqual(answers[0]!.json());
      expect(answers[0]!.json().id).toBe(rows[0]!.id);
      // The sends that lost rolled back and removed the photos they had stored.
      expect(await strayFiles(t)).toEqual([]);
    });

    it("makes another user's identical key a memory of their own", async () => {
      const a = await family();
      const b = await family();
      const first = await postMemory(a.creator, a.memory(), 'shared-looking-key');
      const other = await postMemory(b.creator, b.memory(), 'shared-looking-key');
      expect([first.statusCode, other.statusCode]).toEqual([201, 201]);
      expect(other.json().id).not.toBe(first.json().id);
      expect(await memoriesOf(a.creator.user.id)).toHaveLength(1);
      expect(await memoriesOf(b.creator.user.id)).toHaveLength(1);
    });

    it('creates without a key each time it is sent (no key is never matched)', async () => {
      const { creator, memory } = await family();
      await postMemory(creator, memory());
      await postMemory(creator, memory());
      expect(await memoriesOf(creator.user.id)).toHaveLength(2);
    });

    it('creates a new memory for a key first sent more than 24 hours ago, and forgets the old key', async () => {
      const { creator, memory } = await family();
      const first = await postMemory(creator, memory(), 'a-day-old');
      t.advance(IDEMPOTENCY_WINDOW_MS - 60_000);
      expect((await postMemory(creator, memory(), 'a-day-old')).json().id).toBe(first.json().id);
      t.advance(2 * 60_000);
      const later = await postMemory(creator, memory(), 'a-day-old');
      expect(later.statusCode).toBe(201);
      expect(later.json().id).not.toBe(first.json().id);
      expect(await memoriesOf(creator.user.id)).toHaveLength(2);
      const keys = await t.ctx.db.selectFrom('idempotency_keys').select('resource_id').where('caller', '=', creator.user.id).execute();
      expect(keys).toEqual([{ resource_id: later.json().id }]);
    });

    it.each([
      ['empty', ''],
      ['201 characters long', 'k'.repeat(201)],
      ['not ASCII', 'clé-1'],
      ['holding a control character', 'key\tone'],
    ])('refuses a key that is %s with 400 and its message, and creates nothing', async (_, key) => {
      const { creator, memory } = await family();
      const response = await postMemory(creator, memory(), key);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: messages.idempotencyKeyInvalid });
      expect(await memoriesOf(creator.user.id)).toEqual([]);
      expect(await strayFiles(t)).toEqual([]);
    });

    it('takes a key of 200 printable characters', async () => {
      const { creator, memory } = await family();
      const key = ' !~'.padEnd(200, 'z');
      expect((await postMemory(creator, memory(), key)).statusCode).toBe(201);
      expect((await postMemory(creator, memory(), key)).headers['idempotency-replayed']).toBe('true');
      expect(await memoriesOf(creator.user.id)).toHaveLength(1);
    });

    it('leaves the key free when the create fails inside its transaction, so the retry creates', async () => {
      const { creator, memory } = await family();
      failNext = true;
      const failed = await postMemory(creator, memory(), 'after-a-fault');
      expect(failed.statusCode).toBe(500);
      expect(await memoriesOf(creator.user.id)).toEqual([]);
      expect(await t.ctx.db.selectFrom('idempotency_keys').select('key').where('caller', '=', creator.user.id).execute()).toEqual([]);
      const retry = await postMemory(creator, memory(), 'after-a-fault');
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotency-replayed']).toBeUndefined();
      expect(await memoriesOf(creator.user.id)).toHaveLength(1);
      expect(await strayFiles(t)).toEqual([]);
    });

    it("answers 404 'Memory not found' to a repeat of a memory deleted since, and creates nothing", async () => {
      const { creator, memory } = await family();
      const first = await postMemory(creator, memory(), 'then-deleted');
      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/memories/${first.json().id}`, headers: { cookie: creator.cookie } });
      expect(deleted.statusCode).toBe(200);
      const repeat = await postMemory(creator, memory(), 'then-deleted');
      expect(repeat.statusCode).toBe(404);
      expect(repeat.json()).toEqual({ message: messages.memoryNotFound });
      expect(await memoriesOf(creator.user.id)).toEqual([]);
    });

    it('refuses a key already used for another request with 422 and creates nothing', async () => {
      const { creator, memory } = await family();
      const first = await postMemory(creator, memory(), 'one-key-two-posts');
      const comment = await postComment(creator, first.json().id, [contentPart('Lovely')], 'one-key-two-posts');
      expect(comment.statusCode).toBe(422);
      expect(comment.json()).toEqual({ message: messages.idempotencyKeyReused });
      expect(await commentsOf(first.json().id)).toEqual([]);
    });
  });

  describe('POST /api/memories/:id/comments', () => {
    async function memoryWithViewer() {
      const creator = await makeUser(t.ctx);
      const member = await makeUser(t.ctx);
      const timeline = await makeTimeline(t.ctx, creator.user, { members: [member.user] });
      const memory = await makeMemory(t.ctx, creator.user, { timelineIds: [timeline.id], sharedWith: [member.user] });
      return { creator, member, memory };
    }

    it('answers a repeated text comment with the first comment and adds no second', async () => {
      const { member, memory } = await memoryWithViewer();
      const first = await postComment(member, memory.id, [contentPart('What a day')], 'comment-1');
      const second = await postComment(member, memory.id, [contentPart('What a day')], 'comment-1');
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      expect(second.json()).toEqual(first.json());
      expect(await commentsOf(memory.id)).toHaveLength(1);
      // The same key on another memory is another request.
      const elsewhere = await makeMemory(t.ctx, member.user);
      expect((await postComment(member, elsewhere.id, [contentPart('What a day')], 'comment-1')).statusCode).toBe(422);
    });

    it('keeps one voice comment and one recording when the same key is sent three times at once and once more after', async () => {
      const { member, memory } = await memoryWithViewer();
      const voice = () => [voicePart(webmRecording())];
      const answers = await Promise.all([1, 2, 3].map(() => postComment(member, memory.id, voice(), 'voice-1')));
      answers.push(await postComment(member, memory.id, voice(), 'voice-1'));
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
      expect(answers.filter((answer) => answer.headers['idempotency-replayed'] === 'true')).toHaveLength(3);
      for (const answer of answers) expect(answer.json()).toEqual(answers[0]!.json());
      const rows = await commentsOf(memory.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.audio_key).toEqual(expect.any(String));
      expect(await t.ctx.db.selectFrom('media').select('storage_key').where('kind', '=', 'comment_audio').where('memory_id', '=', memory.id).execute()).toEqual([
        { storage_key: rows[0]!.audio_key },
      ]);
      expect(await strayFiles(t)).toEqual([]);
    });

    it("makes another viewer's identical key on the same memory a comment of their own", async () => {
      const { creator, member, memory } = await memoryWithViewer();
      const mine = await postComment(member, memory.id, [contentPart('What a day')], 'comment-shared-looking');
      const theirs = await postComment(creator, memory.id, [voicePart(webmRecording())], 'comment-shared-looking');
      expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
      expect(theirs.headers['idempotency-replayed']).toBeUndefined();
      expect(theirs.json().id).not.toBe(mine.json().id);
      expect(await commentsOf(memory.id)).toHaveLength(2);
    });

    it('adds a new comment for a key first sent more than 24 hours ago, and forgets the old key', async () => {
      const { member, memory } = await memoryWithViewer();
      const first = await postComment(member, memory.id, [voicePart(webmRecording())], 'comment-a-day-old');
      t.advance(IDEMPOTENCY_WINDOW_MS - 60_000);
      expect((await postComment(member, memory.id, [voicePart(webmRecording())], 'comment-a-day-old')).json()).toEqual(first.json());
      expect(await commentsOf(memory.id)).toHaveLength(1);
      t.advance(2 * 60_000);
      const later = await postComment(member, memory.id, [voicePart(webmRecording())], 'comment-a-day-old');
      expect(later.statusCode).toBe(201);
      expect(later.headers['idempotency-replayed']).toBeUndefined();
      expect(later.json().id).not.toBe(first.json().id);
      expect(await commentsOf(memory.id)).toHaveLength(2);
      const keys = await t.ctx.db.selectFrom('idempotency_keys').select('resource_id').where('caller', '=', member.user.id).execute();
      expect(keys).toEqual([{ resource_id: later.json().id }]);
      expect(await strayFiles(t)).toEqual([]);
    });

    it('leaves the key free when the comment fails inside its transaction, so the retry adds it', async () => {
      const { member, memory } = await memoryWithViewer();
      failNext = true;
      expect((await postComment(member, memory.id, [voicePart(webmRecording())], 'comment-fault')).statusCode).toBe(500);
      expect(await commentsOf(memory.id)).toEqual([]);
      expect(await strayFiles(t)).toEqual([]);
      const retry = await postComment(member, memory.id, [voicePart(webmRecording())], 'comment-fault');
      expect(retry.statusCode).toBe(201);
      expect(await commentsOf(memory.id)).toHaveLength(1);
    });
  });

  // DESIGN "Growing past one machine": the key's truth is in the database, not in one process.
  describe.runIf(dialect === 'postgres')('two instances of the app over one database', () => {
    let other: { app: FastifyInstance; close(): Promise<void> };
    beforeAll(async () => {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.ctx.db);
      const handle = openDatabase(t.ctx.config.databaseUrl, { schema: rows[0]!.schema });
      const ctx = createContext({ db: handle.db, dialect, config: t.ctx.config, media: t.ctx.media, now: () => t.ctx.now() });
      const app = await buildApp({ ctx, registerLimit: 1000 });
      await app.ready();
      other = {
        app,
        close: async () => {
          await app.close();
          await handle.close();
        },
      };
    });
    afterAll(() => other?.close());

    it('creates one memory when each instance gets the same key at the same moment; both answer it', async () => {
      const { creator, memory } = await family();
      const answers = await Promise.all([postMemory(creator, memory(), 'two-instances'), postMemory(creator, memory(), 'two-instances', other.app)]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
      expect(answers[1]!.json()).toEqual(answers[0]!.json());
      expect(await memoriesOf(creator.user.id)).toHaveLength(1);
      expect(await strayFiles(t)).toEqual([]);
      // And a later send through either instance answers the same memory.
      expect((await postMemory(creator, memory(), 'two-instances', other.app)).json().id).toBe(answers[0]!.json().id);
    });

    it("makes a second send wait on the first one's key until it commits, then answers its memory and keeps none of its own files", async () => {
      const { creator, memory } = await family();
      // The first send stops inside its transaction, its key written and not yet committed.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inside!: () => void;
      const reached = new Promise<void>((resolve) => (inside = resolve));
      let holding = true;
      t.ctx.events.on('memory.shared', async () => {
        if (!holding) return;
        holding = false;
        inside();
        await held;
      });
      const first = postMemory(creator, memory(), 'held-open');
      await reached;
      let secondDone = false;
      const second = postMemory(creator, memory(), 'held-open', other.app).finally(() => (secondDone = true));
      // The second send has read its form and now waits on the key's row.
      await expect
        .poll(async () => {
          const { rows } = await sql<{ waiting: number | string }>`select count(*) as waiting from pg_stat_activity
            where wait_event_type = 'Lock' and query like '%idempotency_keys%' and datname = current_database()`.execute(t.ctx.db);
          return Number(rows[0]!.waiting);
        })
        .toBe(1);
      expect(secondDone).toBe(false);
      release();
      const [a, b] = await Promise.all([first, second]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(b.json()).toEqual(a.json());
      expect(b.headers['idempotency-replayed']).toBe('true');
      expect(await memoriesOf(creator.user.id)).toHaveLength(1);
      expect(await strayFiles(t)).toEqual([]);
    });

    it('keeps one comment when each instance gets the same key at the same moment', async () => {
      const { creator, member, timeline } = await family();
      const memory = await makeMemory(t.ctx, creator.user, { timelineIds: [timeline.id], sharedWith: [member.user] });
      const answers = await Promise.all([
        postComment(member, memory.id, [voicePart(webmRecording())], 'two-instances-comment'),
        postComment(member, memory.id, [voicePart(webmRecording())], 'two-instances-comment', other.app),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
      expect(answers[1]!.json()).toEqual(answers[0]!.json());
      expect(await commentsOf(memory.id)).toHaveLength(1);
      expect(await strayFiles(t)).toEqual([]);
    });
  });
});
