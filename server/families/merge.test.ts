import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeFamily, makeFamilyInvite, makeMemory, makeTimeline, makeUser } from '../test/factories.js';

const HOUR = 60 * 60_000;

// DESIGN "Families" (amended 2026-11-25; issue 19): who may merge, what it widens, who is told.
describe.each(dialects)('merging families on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
  const familyOf = async (userId: string) =>
    (await t.ctx.db.selectFrom('users').select('family_id').where('id', '=', userId).executeTakeFirstOrThrow()).family_id;
  const familyRow = (id: string) => t.ctx.db.selectFrom('families').selectAll().where('id', '=', id).executeTakeFirst();
  const sharedWith = async (memoryId: string) =>
    (await t.ctx.db.selectFrom('memory_shares').select('user_id').where('memory_id', '=', memoryId).execute()).map((row) => row.user_id).sort();
  const notificationsOf = (userId: string) =>
    t.ctx.db.selectFrom('notifications').select(['type', 'title', 'message']).where('user_id', '=', userId).execute();

  describe('POST /api/families/merge', () => {
    const merge = (cookie: string, targetFamilyId: string, sourceFamilyId: string, inviteId: string) =>
      call('POST', '/api/families/merge', cookie, { targetFamilyId, sourceFamilyId, inviteId });
    /** Family A (Alice, Ann) invites Bob, whose family B (Bob, Bea) merges into A. */
    async function twoFamilies() {
      const alice = await makeUser(t.ctx);
      const ann = await makeUser(t.ctx);
      const bob = await makeUser(t.ctx);
      const bea = await makeUser(t.ctx);
      const target = await makeFamily(t.ctx, alice.user, { members: [ann.user] });
      const source = await makeFamily(t.ctx, bob.user, { members: [bea.user] });
      const invite = await makeFamilyInvite(t.ctx, target.id, alice.user);
      return { alice, ann, bob, bea, target, source, invite };
    }

    it("lets the source's creator merge: members move, the source goes, only memories seen by all their timelines' members ('timeline') widen, everyone is told", async () => {
      const { alice, ann, bob, bea, target, source, invite } = await twoFamilies();
      await t.ctx.db.updateTable('families').set({ name: 'Hill Family' }).where('id', '=', target.id).execute();
      await t.ctx.db.updateTable('families').set({ name: 'Oak Family' }).where('id', '=', source.id).execute();
      await t.ctx.db.updateTable('users').set({ display_name: 'Bob' }).where('id', '=', bob.user.id).execute();
      const bert = await makeUser(t.ctx);
      await t.ctx.db.updateTable('users').set({ family_id: source.id }).where('id', '=', bert.user.id).execute();
      const outsider = await makeUser(t.ctx);
      const hills = await makeTimeline(t.ctx, alice.user, { members: [ann.user] });
      const oaks = await makeTimeline(t.ctx, bob.user, { members: [bea.user, bert.user] });
      const withOutsider = await makeTimeline(t.ctx, bob.user, { members: [outsider.user] });
      const aliceToAll = await makeMemory(t.ctx, alice.user, { timelineIds: [hills.id], sharedWith: [ann.user], audience: 'timeline' });
      const alicePrivate = await makeMemory(t.ctx, alice.user, { timelineIds: [hills.id] });
      const bobToAll = await makeMemory(t.ctx, bob.user, { timelineIds: [oaks.id], sharedWith: [bea.user, bert.user], audience: 'timeline' });
      // Shared with every member when it was made, but chosen one by one: 'people' is never widened.
      const bobToEachByName = await makeMemory(t.ctx, bob.user, { timelineIds: [oaks.id], sharedWith: [bea.user, bert.user], audience: 'people' });
      const bobToBeaOnly = await makeMemory(t.ctx, bob.user, { timelineIds: [oaks.id], sharedWith: [bea.user] });
      // All of one timeline's members, but not of its other timeline's: shared with some only.
      const bobToOneTimeline = await makeMemory(t.ctx, bob.user, { timelineIds: [oaks.id, withOutsider.id], sharedWith: [bea.user, bert.user], audience: 'people' });
      const beaPrivate = await makeMemory(t.ctx, bea.user, { timelineIds: [oaks.id] });
      const unrelated = await makeMemory(t.ctx, outsider.user, { sharedWith: [ann.user], familyId: null });

      const response = await merge(bob.cookie, target.id, source.id, invite.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, user: expect.objectContaining({ id: bob.user.id, familyId: target.id }) });
      const moved = [bob, bea, bert];
      for (const { user } of [alice, ann, ...moved]) expect(await familyOf(user.id)).toBe(target.id);
      expect(await familyRow(source.id)).toBeUndefined();
      const everyone = [alice, ann, ...moved].map(({ user }) => user.id).sort();
      expect(await sharedWith(aliceToAll.id)).toEqual(everyone);
      expect(await sharedWith(bobToAll.id)).toEqual(everyone);
      expect(await sharedWith(bobToBeaOnly.id)).toEqual([bob.user.id, bea.user.id].sort());
      expect(await sharedWith(bobToEachByName.id)).toEqual([bob.user.id, bea.user.id, bert.user.id].sort());
      expect(await sharedWith(bobToOneTimeline.id)).toEqual([bob.user.id, bea.user.id, bert.user.id].sort());
      expect(await sharedWith(alicePrivate.id)).toEqual([alice.user.id]);
      expect(await sharedWith(beaPrivate.id)).toEqual([bea.user.id]);
      expect(await sharedWith(unrelated.id)).toEqual([ann.user.id, outsider.user.id].sort());
      const familyOfMoved = await t.ctx.db.selectFrom('memories').select('family_id').where('id', 'in', [bobToAll.id, beaPrivate.id]).execute();
      expect(familyOfMoved).toEqual([{ family_id: target.id }, { family_id: target.id }]);
      // DESIGN "Families" (amended): every moved member is told, and so is the family they joined.
      const told = [{ type: 'family_joined', title: 'Families merged', message: 'Bob merged Oak Family into Hill Family' }];
      for (const { user } of [alice, ann, ...moved]) expect(await notificationsOf(user.id)).toEqual(told);
      expect(await notificationsOf(outsider.user.id)).toEqual([]);
    });

    it("refuses a member who is not the family's creator with 403, changing nothing (a second account's family)", async () => {
      // A member of F makes a second account, whose new family G invites the first one.
      const fred = await makeUser(t.ctx);
      const mallory = await makeUser(t.ctx);
      const nina = await makeUser(t.ctx);
      const family = await makeFamily(t.ctx, fred.user, { members: [mallory.user, nina.user] });
      const timeline = await makeTimeline(t.ctx, fred.user, { members: [mallory.user, nina.user] });
      const toNinaOnly = await makeMemory(t.ctx, fred.user, { timelineIds: [timeline.id], sharedWith: [nina.user] });
      const alt = await makeUser(t.ctx);
      const own = (await call('POST', '/api/invites', alt.cookie, {})).json();
      const conflict = await call('POST', `/api/invites/${own.id}/accept`, mallory.cookie, {});
      expect(conflict.json()).toMatchObject({ requiresExplicitMerge: true, currentFamilyId: family.id, invitedFamilyId: own.familyId });

      const response = await merge(mallory.cookie, own.familyId, family.id, own.id);
      expect([response.statusCode, response.json()]).toEqual([403, { message: messages.familyMergeCreatorOnly }]);
      for (const { user } of [fred, mallory, nina]) expect(await familyOf(user.id)).toBe(family.id);
      expect(await familyOf(alt.user.id)).toBe(own.familyId);
      expect(await familyRow(family.id)).toBeDefined();
      expect(await sharedWith(toNinaOnly.id)).toEqual([fred.user.id, nina.user.id].sort());
      for (const { user } of [fred, mallory, nina, alt]) expect(await notificationsOf(user.id)).toEqual([]);
    });

    it('refuses a stranger who came in through a leaked link and merges the family into their own with 403, changing nothing', async () => {
      const fred = await makeUser(t.ctx);
      const nina = await makeUser(t.ctx);
      const family = await makeFamily(t.ctx, fred.user, { members: [nina.user] });
      const timeline = await makeTimeline(t.ctx, fred.user, { members: [nina.user] });
      // Seen by every member of its timeline: a merge that went through would widen it.
      const toNina = await makeMemory(t.ctx, fred.user, { timelineIds: [timeline.id], sharedWith: [nina.user], audience: 'timeline' });
      const leaked = await makeFamilyInvite(t.ctx, family.id, fred.user);
      const stranger = await makeUser(t.ctx);
      expect((await call('POST', `/api/invites/${leaked.id}/accept`, stranger.cookie, {})).statusCode).toBe(200);
      const strangersOther = await makeUser(t.ctx);
      const theirs = (await call('POST', '/api/invites', strangersOther.cookie, {})).json();

      const response = await merge(stranger.cookie, theirs.familyId, family.id, theirs.id);
      expect([response.statusCode, response.json()]).toEqual([403, { message: messages.familyMergeCreatorOnly }]);
      for (const { user } of [fred, nina, stranger]) expect(await familyOf(user.id)).toBe(family.id);
      expect(await familyRow(family.id)).toBeDefined();
      expect(await sharedWith(toNina.id)).toEqual([fred.user.id, nina.user.id].sort());
      expect((await call('GET', `/api/memories/${toNina.id}`, stranger.cookie)).statusCode).toBe(404);
    });

    it("lets a stranger with a leaked link merge a family they made in, but widens nothing shared with some members only, nor anything private", async () => {
      const fred = await makeUser(t.ctx);
      const nina = await makeUser(t.ctx);
      const otto = await makeUser(t.ctx);
      const family = await makeFamily(t.ctx, fred.user, { members: [nina.user, otto.user] });
      const timeline = await makeTimeline(t.ctx, fred.user, { members: [nina.user, otto.user] });
      const toNinaOnly = await makeMemory(t.ctx, fred.user, { timelineIds: [timeline.id], sharedWith: [nina.user] });
      const fredPrivate = await makeMemory(t.ctx, fred.user, { timelineIds: [timeline.id] });
      const leaked = await makeFamilyInvite(t.ctx, family.id, fred.user);
      const stranger = await makeUser(t.ctx);
      const theirs = await makeFamily(t.ctx, stranger.user);

      expect((await merge(stranger.cookie, family.id, theirs.id, leaked.id)).statusCode).toBe(200);
      expect(await sharedWith(toNinaOnly.id)).toEqual([fred.user.id, nina.user.id].sort());
      expect(await sharedWith(fredPrivate.id)).toEqual([fred.user.id]);
      for (const id of [toNinaOnly.id, fredPrivate.id]) expect((await call('GET', `/api/memories/${id}`, stranger.cookie)).statusCode).toBe(404);
    });

    it.each([
      ['a family the caller is not in', 'notMine', 404, messages.familyNotFound],
      ['an invite to a different family', 'wrongInvite', 400, messages.familyMergeWrongInvite],
      ['an unknown invite', 'unknownInvite', 404, messages.familyInviteInvalid],
      ['the same family twice', 'same', 400, messages.familyMergeSame],
      ['an unknown field', 'extraField', 400, 'Unrecognized key: "force"'],
      ['a missing invite id', 'noInvite', 400, messages.familyMergeIdsRequired],
    ] as const)('refuses merging with %s and changes nothing', async (_, variant, status, message) => {
      const { alice, bob, target, source, invite } = await twoFamilies();
      const elsewhere = await makeUser(t.ctx);
      const third = await makeFamily(t.ctx, elsewhere.user);
      const otherInvite = await makeFamilyInvite(t.ctx, third.id, elsewhere.user);
      const base = { targetFamilyId: target.id, sourceFamilyId: source.id, inviteId: invite.id };
      const payload = {
        notMine: { ...base, sourceFamilyId: third.id },
        wrongInvite: { ...base, inviteId: otherInvite.id },
        unknownInvite: { ...base, inviteId: randomUUID() },
        same: { targetFamilyId: source.id, sourceFamilyId: source.id, inviteId: invite.id },
        extraField: { ...base, force: true },
        noInvite: { targetFamilyId: target.id, sourceFamilyId: source.id },
      }[variant];
      const response = await call('POST', '/api/families/merge', bob.cookie, payload);
      expect([response.statusCode, response.json()]).toEqual([status, { message }]);
      expect(await familyOf(bob.user.id)).toBe(source.id);
      expect(await familyOf(alice.user.id)).toBe(target.id);
      expect(await familyRow(source.id)).toBeDefined();
    });

    it('refuses an expired invite with 404 and a signed-out caller with 401', async () => {
      const { bob, target, source, invite } = await twoFamilies();
      const payload = { targetFamilyId: target.id, sourceFamilyId: source.id, inviteId: invite.id };
      expect((await call('POST', '/api/families/merge', undefined, payload)).statusCode).toBe(401);
      t.advance(48 * HOUR + 1000);
      const response = await call('POST', '/api/families/merge', bob.cookie, payload);
      expect([response.statusCode, response.json()]).toEqual([404, { message: messages.familyInviteInvalid }]);
      expect(await familyRow(source.id)).toBeDefined();
    });
  });
});
