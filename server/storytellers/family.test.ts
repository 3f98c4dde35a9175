// issue 23, the family's side (DESIGN "Storytellers (no account)"): any member adds a
// storyteller and gets their link; the creator and the timeline's owner manage them (others
// 403, outsiders 404); the link is stored only hashed and sealed, and a new or stopped link
// takes effect on the next call. On both dialects.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DISPLAY_NAME_MAX } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import type { Storyteller } from '../../common/storytellers.js';
import type { TimelineMember } from '../../common/timelines.js';
import { signInWithSso } from '../auth/service.js';
import { dialects, makeTestApp, TEST_ORIGIN, type TestApp } from '../test/app.js';
import { TEST_PASSWORD } from '../test/factories.js';
import { addStoryteller, as, makeFamilyTimeline, tell, type Family } from './test-support.js';

describe.each(dialects)('storytellers, the family side, on %s', (dialect) => {
  let t: TestApp;
  let family: Family;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    family = await makeFamilyTimeline(t);
  });

  const list = (who = family.owner) => t.app.inject({ method: 'GET', url: `/api/timelines/${family.timelineId}/storytellers`, headers: as(who) });
  const storytellerRow = (id: string) => t.ctx.db.selectFrom('storytellers').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();

  it('lets any member add one: 201 with the link, a member of the timeline marked a storyteller, no e-mail shown, in the adder’s family', async () => {
    const added = await addStoryteller(t, family.timelineId, family.other, { displayName: 'Grandma Rose', email: 'rose@example.org' });
    expect(added).toMatchObject({ displayName: 'Grandma Rose', email: 'rose@example.org' });
    expect(added.link).toMatch(new RegExp(`^${TEST_ORIGIN}/tell/[A-Za-z0-9_-]{43}$`));

    const user = await t.ctx.db.selectFrom('users').selectAll().where('id', '=', added.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: `${added.id}@storytellers.invalid`, password_hash: null, display_name: 'Grandma Rose', family_id: family.other.user.family_id });
    expect(Boolean(user.is_storyteller)).toBe(true);
    // Stored hashed (the lookup) and sealed (to show again), never as it is.
    const row = await storytellerRow(added.id);
    expect(row).toMatchObject({ timeline_id: family.timelineId, created_by: family.other.user.id, email: 'rose@example.org' });
    expect(row.link_hash).toBe(createHash('sha256').update(added.token).digest('hex'));
    expect(row.link_sealed).not.toContain(added.token);

    const members = (await t.app.inject({ method: 'GET', url: `/api/timelines/${family.timelineId}/members`, headers: as(family.owner) })).json<TimelineMember[]>();
    expect(members.find((member) => member.id === added.id)).toMatchObject({ displayName: 'Grandma Rose', email: '', isStoryteller: true });
    expect(members.find((member) => member.id === family.owner.user.id)).toMatchObject({ isStoryteller: false, email: family.owner.user.email });
  });

  it('refuses a stranger (404), the signed-out (401) and a bad name (400), and writes nothing', async () => {
    const before = await t.ctx.db.selectFrom('storytellers').select('user_id').execute();
    const add = (payload: object, headers: Record<string, string>) => t.app.inject({ method: 'POST', url: `/api/timelines/${family.timelineId}/storytellers`, payload, headers });
    expect((await add({ displayName: 'Rose' }, as(family.stranger))).statusCode).toBe(404);
    expect((await add({ displayName: 'Rose' }, {})).statusCode).toBe(401);
    const blank = await add({ displayName: '' }, as(family.creator));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(messages.storytellerNameRequired);
    const long = await add({ displayName: 'R'.repeat(DISPLAY_NAME_MAX + 1) }, as(family.creator));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(messages.storytellerNameTooLong);
    expect((await add({ displayName: 'Rose', email: 'not an address' }, as(family.creator))).statusCode).toBe(400);
    expect(await t.ctx.db.selectFrom('storytellers').select('user_id').execute()).toHaveLength(before.length);
  });

  it('lists them for members only, with what each may do and never a token', async () => {
    const added = await addStoryteller(t, family.timelineId, family.creator);
    const seen = (who: typeof family.owner) => list(who).then((response) => response.json<Storyteller[]>());
    const [byOwner, byCreator, byOther] = [await seen(family.owner), await seen(family.creator), await seen(family.other)];
    expect(byOwner).toEqual([
      {
        id: added.id,
        displayName: 'Grandma Rose',
        email: null,
        createdBy: family.creator.user.id,
        linkActive: true,
        reminder: null,
        remindersStopped: false,
        lastStoryAt: null,
        stories: 0,
        abilities: { canManage: true },
      },
    ]);
    expect(byCreator[0]!.abilities).toEqual({ canManage: true });
    expect(byOther[0]!.abilities).toEqual({ canManage: false });
    const body = (await list(family.other)).body;
    expect(body).not.toContain(added.token);
    expect((await list(family.stranger)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/timelines/${family.timelineId}/storytellers` })).statusCode).toBe(401);
  });

  it('lets the creator and the owner change them (other member 403, stranger 404, signed out 401); a reminder set again clears an unsubscribe', async () => {
    const added = await addStoryteller(t, family.timelineId, family.creator);
    const patch = (payload: object, headers: Record<string, string>) => t.app.inject({ method: 'PATCH', url: `/api/storytellers/${added.id}`, payload, headers });
    expect((await patch({ displayName: 'Nana' }, as(family.other))).statusCode).toBe(403);
    expect((await patch({ displayName: 'Nana' }, as(family.stranger))).statusCode).toBe(404);
    expect((await patch({ displayName: 'Nana' }, {})).statusCode).toBe(401);
    expect((await tell(t, added.token)).json().storyteller.displayName).toBe('Grandma Rose');

    await t.ctx.db.updateTable('storytellers').set({ reminders_stopped: 1 }).where('user_id', '=', added.id).execute();
    const reminder = { weekday: 0, time: '09:30', tz: 'Europe/Dublin' };
    const byCreator = await patch({ displayName: 'Nana Rose', email: 'nana@example.org', reminder }, as(family.creator));
    expect(byCreator.statusCode).toBe(200);
    expect(byCreator.json()).toMatchObject({ displayName: 'Nana Rose', email: 'nana@example.org', reminder, remindersStopped: false });
    const byOwner = await patch({ email: '', reminder: null }, as(family.owner));
    expect(byOwner.json()).toMatchObject({ displayName: 'Nana Rose', email: null, reminder: null });

    const bad = await patch({ reminder: { weekday: 7, time: '25:00', tz: 'Europe/Dublin' } }, as(family.owner));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.storytellerReminderInvalid);
    expect(await storytellerRow(added.id)).toMatchObject({ reminder_weekday: null, email: null });
  });

  it('shows the link again to its managers only; a new link kills the old one at once, and a stopped link opens nothing', async () => {
    const added = await addStoryteller(t, family.timelineId, family.creator);
    const link = (method: 'GET' | 'POST' | 'DELETE', who?: typeof family.owner) => t.app.inject({ method, url: `/api/storytellers/${added.id}/link`, headers: as(who) });

    const shown = await link('GET', family.owner);
    expect(shown.json()).toEqual({ link: added.link });
    expect(shown.headers['cache-control']).toBe('no-store');
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await link(method, family.other)).statusCode, `${method} as another member`).toBe(403);
      expect((await link(method, family.stranger)).statusCode, `${method} as a stranger`).toBe(404);
      expect((await link(method)).statusCode, `${method} signed out`).toBe(401);
    }

    const renewed = await link('POST', family.creator);
    expect(renewed.statusCode).toBe(200);
    const newToken = new URL(renewed.json().link).pathname.split('/').pop()!;
    expect(newToken).not.toBe(added.token);
    expect((await tell(t, added.token)).statusCode).toBe(404);
    expect((await tell(t, newToken)).statusCode).toBe(200);
    expect((await link('GET', family.creator)).json()).toEqual(renewed.json());

    expect((await link('DELETE', family.owner)).statusCode).toBe(204);
    const gone = await tell(t, newToken);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: messages.tellLinkNotFound });
    const none = await link('GET', family.owner);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: messages.storytellerNoActiveLink });
    expect((await list()).json<Storyteller[]>()[0]!.linkActive).toBe(false);
  });

  it('keeps the reserved address from sign-up, password sign-in and SSO: nobody becomes or signs in as a storyteller', async () => {
    const added = await addStoryteller(t, family.timelineId, family.creator);
    const reserved = `${added.id}@storytellers.invalid`;
    const register = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: `someone@storytellers.invalid`, password: TEST_PASSWORD } });
    expect(register.statusCode).toBe(400);
    expect(register.json().message).toBe(messages.storytellerAddressReserved);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: reserved, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(401);
    expect(login.headers['set-cookie']).toBeUndefined();
    // An identity provider vouching for the reserved address signs no one in as the storyteller.
    await expect(signInWithSso(t.ctx, { issuer: 'https://idp.example', subject: 'rose', email: reserved.toUpperCase(), emailVerified: true }, undefined)).rejects.toMatchObject({
      statusCode: 403,
      message: messages.storytellerAddressReserved,
    });
    expect(await t.ctx.db.selectFrom('identities').selectAll().where('user_id', '=', added.id).execute()).toEqual([]);
  });
});
