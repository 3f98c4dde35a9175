// issue 26 "Never twice" for a storyteller's link: POST /api/tell/{token}/memories behaves as
// POST /api/memories does, the caller being the link's storyteller. A repeated key answers the
// first story (same status and body, Idempotency-Replayed) and keeps no second memory, media
// row or file; three sends at once make one; another storyteller's or a member's same key is
// theirs; a key past 24 hours creates anew; a create that fails inside its transaction leaves
// the key free. On both databases. (tell.test.ts has the plain repeat and the key's route.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_WINDOW_MS } from '../../common/idempotency.js';
import { messages } from '../../common/messages.js';
import { formBody, type FormPart } from '../media/test-support.js';
import { audioFile, memoryFields, wavBytes } from '../memories/test-support.js';
import { strayFiles } from '../memories/edit-test-support.js';
import { addStoryteller, as, makeFamilyTimeline } from '../storytellers/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';

describe.each(dialects)("Idempotency-Key on a storyteller's story on %s", (dialect) => {
  let t: TestApp;
  /** Set to make the next memory.shared listener fail inside the story's transaction. */
  let failNext = false;
  let address = 0;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    t.ctx.events.on('memory.shared', async () => {
      if (!failNext) return;
      failNext = false;
      throw new Error('injected fault');
    });
  });
  afterAll(() => t.close());

  /** A timeline with Grandma Rose on it, by her link. */
  async function storyteller() {
    const family = await makeFamilyTimeline(t);
    const rose = await addStoryteller(t, family.timelineId, family.creator);
    return { family, rose };
  }

  /** A story with her voice (and, as a resend may, whatever title the retry carries). */
  const story = (title = 'The dance hall'): FormPart[] => [...memoryFields({ title }), audioFile(wavBytes())];

  async function sendStory(token: string, parts: FormPart[], key?: string) {
    const { payload, headers } = await formBody(parts);
    return t.app.inject({
      method: 'POST',
      url: `/api/tell/${token}/memories`,
      payload,
      headers: { ...headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      remoteAddress: `198.51.100.${(++address % 250) + 1}`,
    });
  }

  const storiesOf = (userId: string) => t.ctx.db.selectFrom('memories').select(['id', 'title']).where('user_id', '=', userId).execute();
  const recordingsOf = (userId: string) => t.ctx.db.selectFrom('media').select('storage_key').where('owner_id', '=', userId).where('kind', '=', 'audio').execute();
  const keysOf = (userId: string) => t.ctx.db.selectFrom('idempotency_keys').select(['key', 'resource_id', 'status']).where('caller', '=', userId).execute();

  it("answers the same key a second time with the first story (same status and body) and keeps no second story, recording or file; the key is the storyteller's", async () => {
    const { rose } = await storyteller();
    const first = await sendStory(rose.token, story(), 'story-voice-1');
    expect(first.statusCode, first.body).toBe(201);
    const second = await sendStory(rose.token, story('A title the retry carries'), 'story-voice-1');
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    expect(await storiesOf(rose.id)).toEqual([{ id: first.json().id, title: 'The dance hall' }]);
    expect(await recordingsOf(rose.id)).toHaveLength(1);
    expect(await strayFiles(t)).toEqual([]);
    expect(await keysOf(rose.id)).toEqual([{ key: 'story-voice-1', resource_id: first.json().id, status: 201 }]);
  });

  it('keeps one story when the same key is sent three times at the same moment; every send answers it', async () => {
    const { rose } = await storyteller();
    const answers = await Promise.all([1, 2, 3].map(() => sendStory(rose.token, story(), 'same-moment')));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const rows = await storiesOf(rose.id);
    expect(rows).toHaveLength(1);
    for (const answer of answers) expect(answer.json()).toEqual({ id: rows[0]!.id });
    expect(answers.filter((answer) => answer.headers['idempotency-replayed'] === 'true')).toHaveLength(2);
    // The sends that lost rolled back and removed the recordings they had stored.
    expect(await recordingsOf(rose.id)).toHaveLength(1);
    expect(await strayFiles(t)).toEqual([]);
  });

  it("makes another storyteller's identical key a story of their own, and a member's the same key a memory of theirs", async () => {
    const { family, rose } = await storyteller();
    const joe = await addStoryteller(t, family.timelineId, family.owner, { displayName: 'Grandpa Joe' });
    const hers = await sendStory(rose.token, story(), 'looks-the-same');
    const his = await sendStory(joe.token, story('The shipyard'), 'looks-the-same');
    expect([hers.statusCode, his.statusCode]).toEqual([201, 201]);
    expect(his.json().id).not.toBe(hers.json().id);
    expect(his.headers['idempotency-replayed']).toBeUndefined();
    expect(await storiesOf(joe.id)).toEqual([{ id: his.json().id, title: 'The shipyard' }]);

    const { payload, headers } = await formBody([...memoryFields({ title: 'Sunday lunch', timelineIds: [family.timelineId] })]);
    const members = await t.app.inject({ method: 'POST', url: '/api/memories', payload, headers: { ...headers, ...as(family.creator), 'idempotency-key': 'looks-the-same' } });
    expect(members.statusCode).toBe(201);
    expect(members.json().id).not.toBe(hers.json().id);
    expect(await storiesOf(rose.id)).toHaveLength(1);
  });

  it('tells a new story for a key first sent more than 24 hours ago, and forgets the old key', async () => {
    const { rose } = await storyteller();
    const first = await sendStory(rose.token, story(), 'a-day-old');
    t.advance(IDEMPOTENCY_WINDOW_MS - 60_000);
    expect((await sendStory(rose.token, story(), 'a-day-old')).json()).toEqual(first.json());
    t.advance(2 * 60_000);
    const later = await sendStory(rose.token, story(), 'a-day-old');
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotency-replayed']).toBeUndefined();
    expect(later.json().id).not.toBe(first.json().id);
    expect(await storiesOf(rose.id)).toHaveLength(2);
    expect(await keysOf(rose.id)).toEqual([{ key: 'a-day-old', resource_id: later.json().id, status: 201 }]);
  });

  it('leaves the key free when the story fails inside its transaction, so the retry tells it', async () => {
    const { rose } = await storyteller();
    failNext = true;
    const failed = await sendStory(rose.token, story(), 'after-a-fault');
    expect(failed.statusCode).toBe(500);
    expect(await storiesOf(rose.id)).toEqual([]);
    expect(await keysOf(rose.id)).toEqual([]);
    expect(await strayFiles(t)).toEqual([]);
    const retry = await sendStory(rose.token, story(), 'after-a-fault');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotency-replayed']).toBeUndefined();
    expect(await storiesOf(rose.id)).toHaveLength(1);
    expect(await recordingsOf(rose.id)).toHaveLength(1);
    expect(await strayFiles(t)).toEqual([]);
  });

  it('answers a repeat through a link stopped since with the link\'s 404, before the key, and keeps nothing', async () => {
    const { family, rose } = await storyteller();
    const first = await sendStory(rose.token, story(), 'then-stopped');
    expect(first.statusCode).toBe(201);
    const stopped = await t.app.inject({ method: 'DELETE', url: `/api/storytellers/${rose.id}/link`, headers: as(family.owner) });
    expect(stopped.statusCode).toBe(204);
    const repeat = await sendStory(rose.token, story(), 'then-stopped');
    expect(repeat.statusCode).toBe(404);
    expect(repeat.json()).toEqual({ message: messages.tellLinkNotFound });
    expect(await storiesOf(rose.id)).toHaveLength(1);
    expect(await strayFiles(t)).toEqual([]);
  });
});
