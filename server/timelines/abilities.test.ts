// A timeline and its member list say what the caller may do (STYLE: Outline's policies), so
// the web shows an Edit, Delete or Remove button only where the server will allow it: each
// ability is checked against what the server then does with that very call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import type { Timeline, TimelineMember } from '../../common/timelines.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser } from '../test/factories.js';

describe.each(dialects)('timeline abilities on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, payload });
  const setDefault = (userId: string, timelineId: string) =>
    t.ctx.db.updateTable('users').set({ default_timeline_id: timelineId }).where('id', '=', userId).execute();

  /** An owner, a member and a second member, on 'Family' (the member's default) and the owner's default 'Home'. */
  async function family() {
    const owner = await makeUser(t.ctx, { displayName: 'Rose' });
    const member = await makeUser(t.ctx, { displayName: 'Bea' });
    const other = await makeUser(t.ctx, { displayName: 'Cy' });
    const timeline = await makeTimeline(t.ctx, owner.user, { name: 'Family', members: [member.user, other.user] });
    const home = await makeTimeline(t.ctx, owner.user, { name: 'Home', members: [member.user] });
    await setDefault(owner.user.id, home.id);
    await setDefault(member.user.id, timeline.id);
    return { owner, member, other, timeline, home };
  }

  const abilitiesIn = (list: Timeline[]) => Object.fromEntries(list.map((timeline) => [timeline.name, timeline.abilities]));

  it('the owner may edit and delete a timeline, but not delete their default; a member may do neither', async () => {
    const { owner, member, timeline } = await family();

    const ownersList = await call('GET', '/api/timelines', owner.cookie);
    expect(abilitiesIn(ownersList.json())).toEqual({
      Family: { canEdit: true, canDelete: true },
      Home: { canEdit: true, canDelete: false },
    });
    const membersList = await call('GET', '/api/timelines', member.cookie);
    expect(abilitiesIn(membersList.json())).toEqual({
      Family: { canEdit: false, canDelete: false },
      Home: { canEdit: false, canDelete: false },
    });
    expect((await call('GET', `/api/timelines/${timeline.id}`, owner.cookie)).json().abilities).toEqual({ canEdit: true, canDelete: true });
    expect((await call('GET', `/api/timelines/${timeline.id}`, member.cookie)).json().abilities).toEqual({ canEdit: false, canDelete: false });
    // A rename answers the timeline again, with the same abilities.
    const renamed = await call('PATCH', `/api/timelines/${timeline.id}`, owner.cookie, { name: 'Our Family' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().abilities).toEqual({ canEdit: true, canDelete: true });
  });

  it('each ability matches what the server then allows', async () => {
    const { owner, member, timeline, home } = await family();
    for (const actor of [member, owner]) {
      const list = (await call('GET', '/api/timelines', actor.cookie)).json() as Timeline[];
      for (const shown of list.filter((entry) => entry.id === timeline.id || entry.id === home.id)) {
        const edited = await call('PATCH', `/api/timelines/${shown.id}`, actor.cookie, { color: '#10b981' });
        expect([shown.name, 'canEdit', edited.statusCode === 200]).toEqual([shown.name, 'canEdit', shown.abilities.canEdit]);
        const deleted = await call('DELETE', `/api/timelines/${shown.id}`, actor.cookie);
        expect([shown.name, 'canDelete', deleted.statusCode === 200]).toEqual([shown.name, 'canDelete', shown.abilities.canDelete]);
      }
    }
    // The member heard the owner-only refusal; the owner's default stays.
    const refused = await call('DELETE', `/api/timelines/${home.id}`, member.cookie);
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: messages.timelineOwnerOnly }]);
    expect((await call('GET', `/api/timelines/${home.id}`, owner.cookie)).statusCode).toBe(200);
  });

  it("a member may remove another member, never the owner nor themselves; the owner anyone but themselves", async () => {
    const { owner, member, other, timeline } = await family();
    const removable = async (cookie: string) =>
      Object.fromEntries(
        ((await call('GET', `/api/timelines/${timeline.id}/members`, cookie)).json() as TimelineMember[]).map((person) => [person.displayName, person.abilities]),
      );
    expect(await removable(owner.cookie)).toEqual({ Rose: { canRemove: false }, Bea: { canRemove: true }, Cy: { canRemove: true } });
    expect(await removable(member.cookie)).toEqual({ Rose: { canRemove: false }, Bea: { canRemove: false }, Cy: { canRemove: true } });

    // What the list promised, the server does.
    for (const target of [owner, member]) {
      const refused = await call('DELETE', `/api/timelines/${timeline.id}/members/${target.user.id}`, member.cookie);
      expect(refused.statusCode).toBe(403);
    }
    const removed = await call('DELETE', `/api/timelines/${timeline.id}/members/${other.user.id}`, member.cookie);
    expect(removed.statusCode).toBe(200);
    expect(await removable(owner.cookie)).toEqual({ Rose: { canRemove: false }, Bea: { canRemove: true } });
  });
});
