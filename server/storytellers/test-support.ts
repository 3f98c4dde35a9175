// What the storytellers' tests share: a timeline with its owner, the member who adds the
// storyteller, another member and a stranger; the storyteller added through the API; calls.
import type { LightMyRequestResponse } from 'fastify';
import type { CreatedStoryteller } from '../../common/storytellers.js';
import type { TestApp } from '../test/app.js';
import { makeFamily, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';

export interface Family {
  owner: MadeUser;
  creator: MadeUser;
  other: MadeUser;
  stranger: MadeUser;
  timelineId: string;
}

export async function makeFamilyTimeline(t: TestApp): Promise<Family> {
  const [owner, creator, other, stranger] = await Promise.all(['Owner', 'Grandson', 'Aunt', 'Stranger'].map((displayName) => makeUser(t.ctx, { displayName })));
  const timeline = await makeTimeline(t.ctx, owner!.user, { name: 'The Hills', members: [creator!.user, other!.user] });
  await makeFamily(t.ctx, owner!.user, { name: 'Hill', members: [creator!.user, other!.user] });
  return { owner: owner!, creator: creator!, other: other!, stranger: stranger!, timelineId: timeline.id };
}

export const as = (who?: MadeUser): Record<string, string> => (who ? { cookie: who.cookie } : {});

/** "Add a storyteller" as `who`; the answer, and its link's token. */
export async function addStoryteller(t: TestApp, timelineId: string, who: MadeUser, body: object = { displayName: 'Grandma Rose' }) {
  const response = await t.app.inject({ method: 'POST', url: `/api/timelines/${timelineId}/storytellers`, payload: body, headers: as(who) });
  if (response.statusCode !== 201) throw new Error(`No storyteller: ${response.statusCode} ${response.body}`);
  const created = response.json<CreatedStoryteller>();
  return { ...created, token: tokenOf(created.link) };
}

export const tokenOf = (link: string): string => new URL(link).pathname.split('/').pop()!;

export const tell = (
  t: TestApp,
  token: string,
  rest = '',
  options: { method?: 'GET' | 'POST'; remoteAddress?: string; cookie?: string; payload?: object } = {},
): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: options.method ?? 'GET',
    url: `/api/tell/${token}${rest}`,
    remoteAddress: options.remoteAddress,
    payload: options.payload,
    headers: options.cookie ? { cookie: options.cookie } : {},
  });

/** Rows of every table a link's call could write, to see that a GET wrote none. */
export async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const tables = ['users', 'storytellers', 'questions', 'memories', 'memory_shares', 'media', 'notifications', 'jobs', 'sessions', 'sign_in_failures', 'idempotency_keys', 'daily_prompts', 'timeline_members'] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}
