// The world the authorization table runs in (DESIGN "Tests": every endpoint has allowed and
// forbidden cases for owner, viewer, member without share, stranger, signed out), and the
// shape of the table's rows. Test support only: no production code imports it.
import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { formBody, imageOf, type FormPart } from '../media/test-support.js';
import { newMediaKey } from '../providers/storage/index.js';
import type { TestApp } from './app.js';
import { createStoryteller } from '../storytellers/index.js';
import { makeFamily, makeFamilyInvite, makeMemory, makeTimeline, makeTimelineInvite, makeUser, type MadeUser } from './factories.js';

export const personas = ['owner', 'viewer', 'member', 'latecomer', 'stranger', 'signedOut', 'linkHolder'] as const;
export type Persona = (typeof personas)[number];
/** The personas with a session: the signed-out visitor and the link holder send no cookie. */
export type SignedIn = Exclude<Persona, 'signedOut' | 'linkHolder'>;

/**
 * Everyone and everything a row may point at. The people:
 * - owner: created the timeline, the memory, its comment and image, both invites, the family;
 * - viewer: on the timeline and in the family, and the memory is shared with them;
 * - member: on the timeline and in the family too, but the memory is shared with nobody but
 *   the viewer, so for this memory they are as shut out as anyone (DESIGN "Memory view");
 * - latecomer: joined the timeline and the family after the memory was saved. The memory's
 *   audience is 'people' (DESIGN "Memory view", amended 2026-11-25), so they do not see it;
 *   in a world made with `audience: 'timeline'` they do, as the viewer does;
 * - stranger: signed in, on no timeline of theirs, in a family of their own;
 * - signedOut: no cookie;
 * - linkHolder: no cookie either, but holds the storyteller's link (`storyteller.token`), the
 *   only credential of /api/tell/{token} (DESIGN "Storytellers (no account)"); elsewhere it
 *   is answered as the signed-out visitor;
 * - bystander: one more member of the timeline, for the calls that act on a member.
 *
 * The storyteller was added to the timeline by the viewer, after the memory was saved, so the
 * viewer manages them as their creator, the owner as the timeline's, and the member may not.
 */
export interface World {
  t: TestApp;
  people: Record<SignedIn | 'bystander', MadeUser>;
  timeline: { id: string; name: string };
  memory: { id: string; title: string; day: string };
  /** A word of the memory's title that no other memory of the world holds. */
  searchWord: string;
  /** The storage key of the memory's one image, its bytes in the store. */
  imageKey: string;
  comment: { id: string };
  /** On the timeline, added by the viewer, with an active link whose token the link holder holds. */
  storyteller: { id: string; displayName: string; token: string };
  /** The owner's, unread. */
  notification: { id: string };
  timelineInvite: { id: string };
  family: { id: string };
  familyInvite: { id: string };
  strangerFamily: { id: string };
  /** An invite to the stranger's family, which the owner was given (for a merge). */
  strangerFamilyInvite: { id: string };
  /** A small real PNG, for the calls that take a picture. */
  png(): Promise<Buffer>;
  /** A new direct-upload address with the owner's ticket, as POST /api/upload/presigned-url gives it. */
  uploadUrl(): Promise<string>;
}

/** Made once: sharp takes a while to start. */
let png: Promise<Buffer> | undefined;
const smallPng = () => (png ??= imageOf('png', 8, 8));

/**
 * `audience` is the world's memory's: 'people' (shared with the viewer only), or 'timeline'
 * (every member of its timeline, now and later; its shares are the members when it was saved,
 * so the latecomer has none).
 */
export async function makeWorld(t: TestApp, { audience = 'people' }: { audience?: 'people' | 'timeline' } = {}): Promise<World> {
  const { ctx } = t;
  const person = (displayName: string) => makeUser(ctx, { displayName });
  const [owner, viewer, member, latecomer, stranger, bystander] = await Promise.all([
    person('Owner'),
    person('Viewer'),
    person('Member'),
    person('Latecomer'),
    person('Stranger'),
    person('Bystander'),
  ]);
  const timeline = await makeTimeline(ctx, owner.user, { name: 'The Family', members: [viewer.user, member.user, bystander.user] });
  const family = await makeFamily(ctx, owner.user, { members: [viewer.user, member.user] });
  const strangerFamily = await makeFamily(ctx, stranger.user, { name: 'Another Family' });
  const memory = await makeMemory(ctx, owner.user, {
    title: 'Picnic by the weir',
    timelineIds: [timeline.id],
    sharedWith: audience === 'people' ? [viewer.user] : [viewer.user, member.user, bystander.user],
    audience,
  });
  // The latecomer joins the timeline and the family after the memory was saved.
  await ctx.db.insertInto('timeline_members').values({ timeline_id: timeline.id, user_id: latecomer.user.id, joined_at: new Date(ctx.now().getTime() + 1000).toISOString() }).execute();
  await ctx.db.updateTable('users').set({ family_id: family.id }).where('id', '=', latecomer.user.id).execute();
  latecomer.user.family_id = family.id;
  // The memory's own time, not a later reading of the clock, which may fall on the next day.
  const { created_at: createdAt } = await ctx.db.selectFrom('memories').select('created_at').where('id', '=', memory.id).executeTakeFirstOrThrow();

  const imageKey = newMediaKey('images', 'png');
  const bytes = await smallPng();
  await ctx.media.put(imageKey, Readable.from([bytes]), { contentType: 'image/png' });
  await ctx.db
    .insertInto('media')
    .values({
      id: randomUUID(),
      memory_id: memory.id,
      owner_id: owner.user.id,
      kind: 'image',
      storage_key: imageKey,
      mime_type: 'image/png',
      size: bytes.length,
      width: 8,
      height: 8,
      duration: null,
      position: 0,
      created_at: createdAt,
    })
    .execute();

  // Through the product's own service, as "Add a storyteller" makes one.
  const created = await createStoryteller(ctx, viewer.user, timeline.id, { displayName: 'Grandma Rose' });
  const storyteller = { id: created.id, displayName: created.displayName, token: new URL(created.link).pathname.split('/').pop()! };

  const comment = { id: randomUUID() };
  await ctx.db
    .insertInto('comments')
    .values({ id: comment.id, memory_id: memory.id, user_id: owner.user.id, content: 'What a day that was', transcription: null, audio_key: null, created_at: createdAt })
    .execute();
  const notification = { id: randomUUID() };
  await ctx.db
    .insertInto('notifications')
    .values({ id: notification.id, user_id: owner.user.id, type: 'other', title: 'Hello', message: 'Welcome', is_read: 0, related_memory_id: null, created_at: createdAt })
    .execute();

  return {
    t,
    people: { owner, viewer, member, latecomer, stranger, bystander },
    timeline,
    memory: { ...memory, day: createdAt.slice(0, 10) },
    searchWord: 'weir',
    imageKey,
    comment,
    storyteller,
    notification,
    timelineInvite: await makeTimelineInvite(ctx, timeline.id, owner.user),
    family,
    familyInvite: await makeFamilyInvite(ctx, family.id, owner.user),
    strangerFamily,
    strangerFamilyInvite: await makeFamilyInvite(ctx, strangerFamily.id, stranger.user),
    png: smallPng,
    async uploadUrl() {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/upload/presigned-url',
        payload: { fileName: 'clip.mp4', mimeType: 'video/mp4' },
        headers: { cookie: owner.cookie },
      });
      if (response.statusCode !== 200) throw new Error(`No upload address for the owner: ${response.statusCode} ${response.body}`);
      return (response.json() as { uploadUrl: string }).uploadUrl;
    },
  };
}

/** The cookie that signs `persona` in, none for the signed-out visitor and the link holder. */
export const cookieOf = (world: World, persona: Persona): string | undefined =>
  persona === 'signedOut' || persona === 'linkHolder' ? undefined : world.people[persona].cookie;

/** A call as the table describes it; the method comes from the row, the cookie from the persona. */
export interface RouteRequest {
  url: string;
  payload?: string | Buffer | object;
  headers?: Record<string, string>;
  /** The caller's address, when a row's guesses must not add up against loopback's (a tell link's guess limit). */
  remoteAddress?: string;
}

/**
 * A /api/tell/{token} call as `persona` makes it: the link holder with the world's link; anyone
 * else holds no link, so sends one of their own making, from an address of their own.
 */
export function tellCall(world: World, persona: Persona, rest = ''): RouteRequest {
  if (persona === 'linkHolder') return { url: `/api/tell/${world.storyteller.token}${rest}` };
  const guessed = randomBytes(32).toString('base64url');
  return { url: `/api/tell/${guessed}${rest}`, remoteAddress: `10.${randomBytes(3).join('.')}` };
}

/** A multipart/form-data call, as the browser sends forms with files. */
export async function multipart(url: string, parts: FormPart[]): Promise<RouteRequest> {
  const { payload, headers } = await formBody(parts);
  return { url, payload, headers };
}

/**
 * An expected answer: a status, or a 2xx status together with whether the body shows the
 * row's object (a list that holds the memory, or leaves it out).
 */
export type Expected = number | { status: number; sees: boolean };
export const sees = (status: number): Expected => ({ status, sees: true });
export const blind = (status: number): Expected => ({ status, sees: false });

export interface RouteRow {
  /** The method and the pattern exactly as registered, e.g. `GET /api/memories/:id`. */
  route: string;
  /** Why the answers are what they are, where the plain rule does not say (own account, public). */
  note?: string;
  /** The call changes what it touches: each persona gets a world of its own. */
  fresh?: true;
  /**
   * The viewer and the member differ here for a reason that is not the memory (the viewer
   * added the world's storyteller): no second run on a 'timeline' memory for the latecomer.
   */
  notAboutTheMemory?: true;
  request(world: World, persona: Persona): RouteRequest | Promise<RouteRequest>;
  /** Text only a body that shows the object holds; required when an answer says sees/blind. */
  reveals?(world: World): string;
  expect: Record<Persona, Expected>;
  /**
   * A known authorization bug: the expectation stays what the rules say, so the suite fails
   * on this row, with this text in the test's name, until the code is mended.
   */
  bug?: string;
}

export const statusOf = (expected: Expected): number => (typeof expected === 'number' ? expected : expected.status);
