// What the questions' tests share: a storyteller on a timeline, made straight in the database
// (tests may write any table), and the calls of the family's question routes.
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../test/app.js';
import { makeUser, type MadeUser } from '../test/factories.js';

/**
 * A storyteller of `timelineId` added by `createdBy`: a member marked `is_storyteller` with
 * their storytellers row. Made with a session too, for the tests of what one may not do if
 * they ever held one, and to delete their own story through the API.
 */
export async function makeStoryteller(t: TestApp, timelineId: string, createdBy: MadeUser, displayName = 'Grandma Rose'): Promise<MadeUser> {
  const storyteller = await makeUser(t.ctx, { displayName });
  const now = t.ctx.now().toISOString();
  await t.ctx.db.updateTable('users').set({ is_storyteller: 1 }).where('id', '=', storyteller.user.id).execute();
  await t.ctx.db.insertInto('timeline_members').values({ timeline_id: timelineId, user_id: storyteller.user.id, joined_at: now }).execute();
  await t.ctx.db
    .insertInto('storytellers')
    .values({ user_id: storyteller.user.id, timeline_id: timelineId, created_by: createdBy.user.id, created_at: now, updated_at: now })
    .execute();
  return { ...storyteller, user: { ...storyteller.user, is_storyteller: 1 } };
}

export function questionCalls(t: TestApp) {
  const headers = (who?: MadeUser) => (who ? { cookie: who.cookie } : {});
  return {
    ask: (timelineId: string, body: object, who?: MadeUser): Promise<LightMyRequestResponse> =>
      t.app.inject({ method: 'POST', url: `/api/timelines/${timelineId}/questions`, payload: body, headers: headers(who) }),
    list: (timelineId: string, who?: MadeUser): Promise<LightMyRequestResponse> =>
      t.app.inject({ method: 'GET', url: `/api/timelines/${timelineId}/questions`, headers: headers(who) }),
    remove: (questionId: string, who?: MadeUser): Promise<LightMyRequestResponse> =>
      t.app.inject({ method: 'DELETE', url: `/api/questions/${questionId}`, headers: headers(who) }),
  };
}

export const questionRowsOf = (t: TestApp, timelineId: string) =>
  t.ctx.db.selectFrom('questions').selectAll().where('timeline_id', '=', timelineId).orderBy('created_at').execute();
