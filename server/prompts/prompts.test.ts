import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser } from '../test/factories.js';
import { promptLibrary } from './engine.js';
import type { PromptTables } from './queries.js';
import { dayIn } from './service.js';

const DAY_MS = 24 * 60 * 60_000;

describe.each(dialects)("Today's Prompts on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const daily = (cookie: string, query = '') => t.app.inject({ method: 'GET', url: `/api/prompts/daily${query}`, headers: { cookie } });
  const refresh = (cookie: string, payload: object = {}) => t.app.inject({ method: 'POST', url: '/api/prompts/refresh', headers: { cookie }, payload });
  const storedRows = (userId: string) => t.ctx.db.selectFrom('daily_prompts').selectAll().where('user_id', '=', userId).orderBy('day').execute();
  const history = (userId: string) =>
    t.ctx.db
      .withTables<PromptTables>()
      .selectFrom('prompt_history')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();

  it('answers 401 to a signed-out caller on both calls', async () => {
    for (const response of [
      await t.app.inject({ method: 'GET', url: '/api/prompts/daily' }),
      await t.app.inject({ method: 'POST', url: '/api/prompts/refresh', payload: {} }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Please sign in to continue' });
    }
  });

  it('gives a looking-back and a looking-forward prompt from the library, the same all day', async () => {
    const { user, cookie } = await makeUser(t.ctx);
    const first = await daily(cookie);
    expect(first.statusCode).toBe(200);
    const pair = first.json();
    expect(Object.keys(pair).sort()).toEqual(['lookingBackPrompt', 'lookingForwardPrompt']);
    expect(promptLibrary.lookingBack).toContain(pair.lookingBackPrompt);
    expect(promptLibrary.lookingForward).toContain(pair.lookingForwardPrompt);

    t.advance(60_000);
    expect((await daily(cookie)).json()).toEqual(pair);
    expect(await storedRows(user.id)).toEqual([
      { user_id: user.id, timeline_id: '', day: dayIn(t.ctx.now()), looking_back: pair.lookingBackPrompt, looking_forward: pair.lookingForwardPrompt },
    ]);
  });

  it('gives a different pair the next day', async () => {
    const { cookie } = await makeUser(t.ctx);
    const today = (await daily(cookie)).json();
    t.advance(DAY_MS);
    const tomorrow = (await daily(cookie)).json();
    expect(tomorrow.lookingBackPrompt).not.toBe(today.lookingBackPrompt);
    expect(tomorrow.lookingForwardPrompt).not.toBe(today.lookingForwardPrompt);
  });

  it('replaces the pair on refresh, and the new pair then stays for the day', async () => {
    const { user, cookie } = await makeUser(t.ctx);
    const before = (await daily(cookie)).json();
    const refreshed = await refresh(cookie);
    expect(refreshed.statusCode).toBe(200);
    const after = refreshed.json();
    expect(after.lookingBackPrompt).not.toBe(before.lookingBackPrompt);
    expect(after.lookingForwardPrompt).not.toBe(before.lookingForwardPrompt);

    expect((await daily(cookie)).json()).toEqual(after);
    const rows = await storedRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ looking_back: after.lookingBackPrompt, looking_forward: after.lookingForwardPrompt });
  });

  it('repeats no prompt across days and refreshes while the pool lasts', async () => {
    const { user, cookie } = await makeUser(t.ctx);
    const seen: string[] = [];
    const keep = (pair: { lookingBackPrompt: string; lookingForwardPrompt: string }) => seen.push(pair.lookingBackPrompt, pair.lookingForwardPrompt);
    keep((await daily(cookie)).json());
    for (let round = 0; round < 8; round++) {
      keep((await refresh(cookie, { timelineId: null })).json());
      if (round % 3 === 2) {
        t.advance(DAY_MS);
        keep((await daily(cookie)).json());
      }
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(await history(user.id)).toHaveLength(seen.length);
  });

  it('starts the pool over once every prompt has been served, never repeating the one replaced', async () => {
    const { user, cookie } = await makeUser(t.ctx);
    const [unserved, ...served] = promptLibrary.lookingBack;
    const servedAt = t.ctx.now().toISOString();
    await t.ctx.db
      .withTables<PromptTables>()
      .insertInto('prompt_history')
      .values(served.map((prompt) => ({ user_id: user.id, timeline_id: '', kind: 'lookingBack', prompt, served_at: servedAt })))
      .execute();

    const last = (await daily(cookie)).json();
    expect(last.lookingBackPrompt).toBe(unserved);
    const afterExhaustion = (await refresh(cookie)).json();
    expect(afterExhaustion.lookingBackPrompt).not.toBe(unserved);
    // The old cycle is forgotten: only the prompt just served is on record for the kind.
    const lookingBack = (await history(user.id)).filter((row) => row.kind === 'lookingBack');
    expect(lookingBack.map((row) => row.prompt)).toEqual([afterExhaustion.lookingBackPrompt]);
  });

  it("keeps a timeline's prompts apart from the user's own, and refreshes only those", async () => {
    const { user: owner } = await makeUser(t.ctx);
    const { user, cookie } = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, owner, { members: [user] });
    const own = (await daily(cookie)).json();
    const shared = await daily(cookie, `?timelineId=${timeline.id}`);
    expect(shared.statusCode).toBe(200);

    const refreshed = (await refresh(cookie, { timelineId: timeline.id })).json();
    expect(refreshed).not.toEqual(shared.json());
    expect((await daily(cookie, `?timelineId=${timeline.id}`)).json()).toEqual(refreshed);
    expect((await daily(cookie)).json()).toEqual(own);
    expect((await storedRows(user.id)).map((row) => row.timeline_id).sort()).toEqual(['', timeline.id]);
  });

  it.each([
    ['a timeline they are not in', async () => (await makeTimeline(t.ctx, (await makeUser(t.ctx)).user)).id],
    ['a timeline that does not exist', async () => randomUUID()],
  ])("refuses %s with 404 'Timeline not found' and stores nothing", async (_, timelineId) => {
    const { user, cookie } = await makeUser(t.ctx);
    const id = await timelineId();
    for (const response of [await daily(cookie, `?timelineId=${id}`), await refresh(cookie, { timelineId: id })]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Timeline not found' });
    }
    expect(await storedRows(user.id)).toEqual([]);
    expect(await history(user.id)).toEqual([]);
  });

  it.each([
    ['GET with an empty timelineId', 'GET', '?timelineId=', 'timelineId must be the id of a timeline'],
    ['GET with two timelineIds', 'GET', '?timelineId=a&timelineId=b', 'timelineId must be the id of a timeline'],
    ['GET with an unknown parameter', 'GET', '?day=2020-01-01', 'Unrecognized key: "day"'],
    ['GET with an unknown time zone', 'GET', '?tz=Mars/Olympus', 'tz must be an IANA time zone such as Europe/Paris'],
    ['POST with a numeric timelineId', 'POST', { timelineId: 42 }, 'timelineId must be the id of a timeline'],
    ['POST with an unknown field', 'POST', { timelineId: null, lookingBackPrompt: 'mine' }, 'Unrecognized key: "lookingBackPrompt"'],
    ['POST with a body that is not an object', 'POST', [1], 'The request must carry its details as a JSON object'],
  ])('refuses %s with 400 and stores nothing', async (_, method, input, message) => {
    const { user, cookie } = await makeUser(t.ctx);
    const response = method === 'GET' ? await daily(cookie, input as string) : await refresh(cookie, input as object);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await storedRows(user.id)).toEqual([]);
  });

  it('takes the day in the time zone given as tz', async () => {
    const { user, cookie } = await makeUser(t.ctx);
    // UTC+14 and UTC-11 are 25 hours apart: their dates always differ.
    const east = await daily(cookie, '?tz=Pacific/Kiritimati');
    const west = await daily(cookie, '?tz=Pacific/Pago_Pago');
    expect(east.statusCode).toBe(200);
    expect(west.json()).not.toEqual(east.json());
    const days = (await storedRows(user.id)).map((row) => row.day);
    expect(days.sort()).toEqual([dayIn(t.ctx.now(), 'Pacific/Pago_Pago'), dayIn(t.ctx.now(), 'Pacific/Kiritimati')].sort());
    expect(new Set(days).size).toBe(2);
  });
});
