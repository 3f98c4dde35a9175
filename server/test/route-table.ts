// The authorization table (issue 11): every route the app registers, and what each persona
// hears from it (DESIGN "Who may do what", "Edge decisions": 401 signed out, 404 for what one
// may not see, 403 for what one sees but may not do). route-table.test.ts runs it on both
// dialects and fails on a registered route without a row, or a row without a route.
// Fastify's HEAD twin of a GET is checked through the GET's row.
//
// The link holder (issue 23) sends no cookie and holds a storyteller's link: outside
// /api/tell/{token} they are answered as the signed-out visitor; the link opens nothing else.
//
// The world's memory has the audience 'people' (shared with the viewer): the latecomer, who
// joined the timeline after it was saved, is as shut out of it as the member. The test runs
// every row that tells the viewer from the member again on a world whose memory's audience is
// 'timeline' (DESIGN "Memory view", amended 2026-11-25): there the latecomer is answered as
// the viewer (route-table.test.ts).
import { randomUUID } from 'node:crypto';
import { makeResetLink } from '../auth/index.js';
import { makeReadyArchive } from '../archives/everything/test-support.js';
import { makeReadyBook } from '../books/test-support.js';
import { wavBytes, mp4Bytes, memoryFields } from '../memories/test-support.js';
import { listenCall } from '../listen/test-support.js';
import { unsubscribeToken } from '../notifications/mail-token.js';
import { TEST_PASSWORD } from './factories.js';
import { blind, multipart, sees, tellCall, type RouteRow, type World } from './route-table-test-support.js';

const ownAccount = "About the caller's own account: each signed-in persona acts on their own.";
const isPublic = 'Public: every persona gets the same answer.';
const json = (url: string, payload: object) => ({ url, payload });
const tellNote = 'Only the link opens it: a session neither helps nor hinders.';

/** The owner's ready book in a world (issue 24), made on the first call that needs it; its id once made, for reveals(). */
const ownersBooks = new WeakMap<World, Promise<string>>();
const ownersBookIds = new WeakMap<World, string>();
function ownersBook(w: World): Promise<string> {
  let made = ownersBooks.get(w);
  if (!made) {
    made = makeReadyBook(w.t, w.people.owner, w.timeline.id).then(({ id }) => {
      ownersBookIds.set(w, id);
      return id;
    });
    ownersBooks.set(w, made);
  }
  return made;
}
/** The owner's ready archive of everything in a world (issue 25), made on the first call that needs it; its id once made, for reveals(). */
const ownersArchives = new WeakMap<World, Promise<string>>();
const ownersArchiveIds = new WeakMap<World, string>();
function ownersArchive(w: World): Promise<string> {
  let made = ownersArchives.get(w);
  if (!made) {
    made = makeReadyArchive(w.t, w.people.owner).then(({ id }) => {
      ownersArchiveIds.set(w, id);
      return id;
    });
    ownersArchives.set(w, made);
  }
  return made;
}
const archiveNote = "The owner's archive of everything: it is its requester's alone, and everyone else hears 404 (DESIGN \"Yours to keep\").";
const bookNote = "The owner's book: a book is its requester's alone, and everyone else hears 404 (DESIGN \"The family book (PDF)\").";
const listenNote = "The code is the credential: every persona holds the world's code, and a session neither helps nor hinders.";

export const routeTable: RouteRow[] = [
  // Signing in and out.
  {
    route: 'POST /api/auth/register',
    note: `${isPublic} Each signs up a new account.`,
    fresh: true,
    request: () => json('/api/auth/register', { email: `newcomer-${randomUUID().slice(0, 8)}@example.org`, password: TEST_PASSWORD }),
    expect: { owner: 201, viewer: 201, member: 201, latecomer: 201, stranger: 201, signedOut: 201, linkHolder: 201 },
  },
  {
    route: 'POST /api/auth/login',
    note: `${isPublic} Each signs in as themselves; the signed-out visitor and the link holder with the owner's password.`,
    fresh: true,
    request: (w, as) => json('/api/auth/login', { email: w.people[as === 'signedOut' || as === 'linkHolder' ? 'owner' : as].user.email, password: TEST_PASSWORD }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 200, signedOut: 200, linkHolder: 200 },
  },
  {
    route: 'GET /api/auth/providers',
    note: isPublic,
    request: () => ({ url: '/api/auth/providers' }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 200, signedOut: 200, linkHolder: 200 },
  },
  {
    route: 'GET /api/auth/user',
    note: ownAccount,
    request: () => ({ url: '/api/auth/user' }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 200, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/login',
    note: `${isPublic} Without OIDC it redirects to the sign-in page.`,
    request: () => ({ url: '/api/login?returnTo=/' }),
    expect: { owner: 302, viewer: 302, member: 302, latecomer: 302, stranger: 302, signedOut: 302, linkHolder: 302 },
  },
  {
    route: 'GET /api/auth/oidc/callback',
    note: `${isPublic} With no sign-in under way it redirects to /login?error=sso.`,
    request: () => ({ url: '/api/auth/oidc/callback?code=forged&state=forged' }),
    expect: { owner: 302, viewer: 302, member: 302, latecomer: 302, stranger: 302, signedOut: 302, linkHolder: 302 },
  },
  {
    route: 'GET /api/logout',
    note: `${isPublic} Ends whatever session the caller has (a navigation of our own: no Sec-Fetch-Site here).`,
    fresh: true,
    request: () => ({ url: '/api/logout' }),
    expect: { owner: 302, viewer: 302, member: 302, latecomer: 302, stranger: 302, signedOut: 302, linkHolder: 302 },
  },
  {
    route: 'POST /api/logout',
    note: `${isPublic} The button of the page a sign-out link from another site gets; ends whatever session the caller has.`,
    fresh: true,
    request: () => ({ url: '/api/logout' }),
    expect: { owner: 303, viewer: 303, member: 303, latecomer: 303, stranger: 303, signedOut: 303, linkHolder: 303 },
  },
  {
    route: 'POST /api/auth/password',
    note: `${ownAccount} Each changes their own password, giving the current one.`,
    fresh: true,
    request: () => json('/api/auth/password', { currentPassword: TEST_PASSWORD, newPassword: 'another long family secret' }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 200, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'POST /api/auth/sessions/end-others',
    note: `${ownAccount} Ends the caller's other sessions only.`,
    fresh: true,
    request: () => ({ url: '/api/auth/sessions/end-others' }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 200, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'POST /api/auth/password-reset',
    note: `${isPublic} This world's server sends no mail, so "Forgot password?" is refused alike for every address (with mail: 202 alike).`,
    request: (w) => json('/api/auth/password-reset', { email: w.people.owner.user.email }),
    expect: { owner: 404, viewer: 404, member: 404, latecomer: 404, stranger: 404, signedOut: 404, linkHolder: 404 },
  },
  {
    route: 'POST /api/auth/password-reset/:token',
    note: `${isPublic} The reset link is the credential, whoever sends it: each persona uses a live link of the owner's (made as npm run user:reset-link makes one).`,
    fresh: true,
    request: async (w) => {
      const link = (await makeResetLink(w.t.ctx, w.people.owner.user.email))!;
      return json(`/api/auth/password-reset/${link.slice(link.lastIndexOf('/') + 1)}`, { password: 'a reset family secret' });
    },
    expect: { owner: 204, viewer: 204, member: 204, latecomer: 204, stranger: 204, signedOut: 204, linkHolder: 204 },
  },

  // Account settings: the caller's own, and a default timeline only among their own.
  {
    route: 'PATCH /api/user',
    note: `${ownAccount} The default named is the owner's timeline: only its members may choose it.`,
    fresh: true,
    request: (w) => json('/api/user', { defaultTimelineId: w.timeline.id }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'PATCH /api/auth/user/profile',
    note: ownAccount,
    fresh: true,
    request: () => json('/api/auth/user/profile', { displayName: 'Renamed Person' }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 200, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'POST /api/user/profile-image',
    note: ownAccount,
    fresh: true,
    request: async (w) => multipart('/api/user/profile-image', [{ name: 'profileImage', filename: 'me.png', type: 'image/png', data: await w.png() }]),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 200, signedOut: 401, linkHolder: 401 },
  },

  // Notifications: each sees and marks only their own; the owner has one unread.
  {
    route: 'GET /api/notifications/unread-count',
    note: ownAccount,
    request: () => ({ url: '/api/notifications/unread-count' }),
    reveals: () => '"count":1',
    expect: { owner: sees(200), viewer: blind(200), member: blind(200), latecomer: blind(200), stranger: blind(200), signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/notifications',
    note: ownAccount,
    request: () => ({ url: '/api/notifications' }),
    reveals: (w) => w.notification.id,
    expect: { owner: sees(200), viewer: blind(200), member: blind(200), latecomer: blind(200), stranger: blind(200), signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'POST /api/notifications/mark-all-read',
    note: ownAccount,
    fresh: true,
    request: () => ({ url: '/api/notifications/mark-all-read' }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 200, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'POST /api/notifications/:id/read',
    fresh: true,
    request: (w) => ({ url: `/api/notifications/${w.notification.id}/read` }),
    expect: { owner: 200, viewer: 404, member: 404, latecomer: 404, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  // Members' mail's unsubscribe (issue 23): the owner's signed link is the only credential.
  {
    route: 'GET /mail/unsubscribe/:token',
    note: "Public: the page of the owner's stop link, which asks first; it changes nothing for anyone.",
    request: (w) => ({ url: `/mail/unsubscribe/${unsubscribeToken(w.t.ctx.config.sessionSecret, w.people.owner.user.id)}` }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 200, signedOut: 200, linkHolder: 200 },
  },
  {
    route: 'POST /api/mail/unsubscribe/:token',
    note: "Public: RFC 8058's one-click POST comes from a mail program, with no session; whoever holds the owner's link turns the owner's notifications off.",
    fresh: true,
    request: (w) => ({
      url: `/api/mail/unsubscribe/${unsubscribeToken(w.t.ctx.config.sessionSecret, w.people.owner.user.id)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 200, signedOut: 200, linkHolder: 200 },
  },

  // Timelines: members read and invite, the owner manages.
  {
    route: 'GET /api/timelines',
    note: ownAccount,
    request: () => ({ url: '/api/timelines' }),
    reveals: (w) => w.timeline.id,
    expect: { owner: sees(200), viewer: sees(200), member: sees(200), latecomer: sees(200), stranger: blind(200), signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'POST /api/timelines',
    note: ownAccount,
    fresh: true,
    request: () => json('/api/timelines', { name: 'Cousins' }),
    expect: { owner: 201, viewer: 201, member: 201, latecomer: 201, stranger: 201, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/timelines/:id',
    request: (w) => ({ url: `/api/timelines/${w.timeline.id}` }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'PATCH /api/timelines/:id',
    fresh: true,
    request: (w) => json(`/api/timelines/${w.timeline.id}`, { name: 'Renamed' }),
    expect: { owner: 200, viewer: 403, member: 403, latecomer: 403, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'DELETE /api/timelines/:id',
    fresh: true,
    request: (w) => ({ url: `/api/timelines/${w.timeline.id}` }),
    expect: { owner: 200, viewer: 403, member: 403, latecomer: 403, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/timelines/:id/members',
    request: (w) => ({ url: `/api/timelines/${w.timeline.id}/members` }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'DELETE /api/timelines/:timelineId/members/:userId',
    note: 'Any member removes another member (here the bystander).',
    fresh: true,
    request: (w) => ({ url: `/api/timelines/${w.timeline.id}/members/${w.people.bystander.user.id}` }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'POST /api/timelines/:timelineId/invites',
    fresh: true,
    request: (w) => ({ url: `/api/timelines/${w.timeline.id}/invites` }),
    expect: { owner: 201, viewer: 201, member: 201, latecomer: 201, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/timeline-invites/:timelineId',
    request: (w) => ({ url: `/api/timeline-invites/${w.timeline.id}` }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/timeline-invite/:id',
    note: `${isPublic} The landing page shows names only.`,
    request: (w) => ({ url: `/api/timeline-invite/${w.timelineInvite.id}` }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 200, signedOut: 200, linkHolder: 200 },
  },
  {
    route: 'POST /api/timeline-invite/:id/accept',
    note: 'The link is the permission: members accept as a no-op, the stranger joins; its creator may not (400).',
    fresh: true,
    request: (w) => ({ url: `/api/timeline-invite/${w.timelineInvite.id}/accept` }),
    expect: { owner: 400, viewer: 200, member: 200, latecomer: 200, stranger: 200, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'POST /api/process-pending-timeline-invite',
    note: 'As the accept call, answered in {success, message}.',
    fresh: true,
    request: (w) => json('/api/process-pending-timeline-invite', { inviteId: w.timelineInvite.id }),
    expect: { owner: 400, viewer: 200, member: 200, latecomer: 200, stranger: 200, signedOut: 401, linkHolder: 401 },
  },

  // Families: members see theirs; a link joins; a merge needs membership of the source.
  {
    route: 'POST /api/invites',
    note: `${ownAccount} An invite to the caller's own family.`,
    fresh: true,
    request: () => ({ url: '/api/invites' }),
    expect: { owner: 201, viewer: 201, member: 201, latecomer: 201, stranger: 201, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/invites/:id',
    note: `${isPublic} The landing page shows names only.`,
    request: (w) => ({ url: `/api/invites/${w.familyInvite.id}` }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 200, signedOut: 200, linkHolder: 200 },
  },
  {
    route: 'POST /api/invites/:id/accept',
    note: 'Members of the family accept as a no-op; the stranger, in another family, hears 409.',
    fresh: true,
    request: (w) => ({ url: `/api/invites/${w.familyInvite.id}/accept` }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 409, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'POST /api/families/merge',
    note: "The owner's family into the stranger's, through an invite to it: only the source's creator may (DESIGN \"Families\", amended).",
    fresh: true,
    request: (w) => json('/api/families/merge', { sourceFamilyId: w.family.id, targetFamilyId: w.strangerFamily.id, inviteId: w.strangerFamilyInvite.id }),
    expect: { owner: 200, viewer: 403, member: 403, latecomer: 403, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/families/:familyId',
    request: (w) => ({ url: `/api/families/${w.family.id}` }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 404, signedOut: 401, linkHolder: 401 },
  },

  // Prompts: a timeline's only for its members.
  {
    route: 'GET /api/prompts/daily',
    request: (w) => ({ url: `/api/prompts/daily?timelineId=${w.timeline.id}` }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'POST /api/prompts/refresh',
    fresh: true,
    request: (w) => json('/api/prompts/refresh', { timelineId: w.timeline.id }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'POST /api/prompts/follow-up',
    note: 'About the text sent, no stored object: anyone signed in.',
    request: () => json('/api/prompts/follow-up', { memoryContent: 'We walked to the weir.' }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 200, signedOut: 401, linkHolder: 401 },
  },

  // Memories: viewers read, the creator changes.
  {
    route: 'GET /api/memories',
    request: () => ({ url: '/api/memories' }),
    reveals: (w) => w.memory.id,
    expect: { owner: sees(200), viewer: sees(200), member: blind(200), latecomer: blind(200), stranger: blind(200), signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'POST /api/memories',
    note: "Filed on the owner's timeline: its members may, others do not see it.",
    fresh: true,
    request: (w) => multipart('/api/memories', memoryFields({ title: 'Our new memory', timelineIds: [w.timeline.id] })),
    expect: { owner: 201, viewer: 201, member: 201, latecomer: 201, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/memories/:id',
    request: (w) => ({ url: `/api/memories/${w.memory.id}` }),
    expect: { owner: 200, viewer: 200, member: 404, latecomer: 404, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'DELETE /api/memories/:id',
    fresh: true,
    request: (w) => ({ url: `/api/memories/${w.memory.id}` }),
    expect: { owner: 200, viewer: 403, member: 404, latecomer: 404, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'PATCH /api/memories/:id',
    fresh: true,
    request: (w) => json(`/api/memories/${w.memory.id}`, { title: 'A better title' }),
    expect: { owner: 200, viewer: 403, member: 404, latecomer: 404, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'PATCH /api/memories/:id/timelines',
    fresh: true,
    request: (w) => json(`/api/memories/${w.memory.id}/timelines`, { timelineIds: [w.timeline.id] }),
    expect: { owner: 200, viewer: 403, member: 404, latecomer: 404, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'POST /api/memories/:id/share',
    fresh: true,
    request: (w) => json(`/api/memories/${w.memory.id}/share`, { userIds: [w.people.viewer.user.id, w.people.member.user.id] }),
    expect: { owner: 200, viewer: 403, member: 404, latecomer: 404, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/timelines/:id/memories',
    note: 'Being on the timeline is not enough to see an unshared memory.',
    request: (w) => ({ url: `/api/timelines/${w.timeline.id}/memories` }),
    reveals: (w) => w.memory.id,
    expect: { owner: sees(200), viewer: sees(200), member: blind(200), latecomer: blind(200), stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/timelines/:id/memory-days',
    note: "The memory's day is the world's only one: the member's calendar stays empty.",
    request: (w) => ({ url: `/api/timelines/${w.timeline.id}/memory-days` }),
    reveals: (w) => w.memory.day,
    expect: { owner: sees(200), viewer: sees(200), member: blind(200), latecomer: blind(200), stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/memories/spotlight',
    note: 'The memory is the only one anyone may view here: the others have nothing to be shown (204).',
    request: () => ({ url: '/api/memories/spotlight' }),
    reveals: (w) => w.memory.id,
    expect: { owner: sees(200), viewer: sees(200), member: 204, latecomer: 204, stranger: 204, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/users/:id',
    note: 'The owner: the viewer and the member share a timeline and the family with them.',
    request: (w) => ({ url: `/api/users/${w.people.owner.user.id}` }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 404, signedOut: 401, linkHolder: 401 },
  },

  // Uploads and recordings.
  {
    route: 'POST /api/upload/presigned-url',
    note: ownAccount,
    fresh: true,
    request: () => json('/api/upload/presigned-url', { fileName: 'clip.mp4', mimeType: 'video/mp4' }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 200, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'PUT /api/upload/direct/:ticket',
    note: "The owner's ticket is the credential, like a presigned S3 address: whoever holds it may send the bytes.",
    fresh: true,
    request: async (w) => ({ url: await w.uploadUrl(), payload: mp4Bytes(), headers: { 'content-type': 'video/mp4' } }),
    expect: { owner: 204, viewer: 204, member: 204, latecomer: 204, stranger: 204, signedOut: 204, linkHolder: 204 },
  },
  {
    route: 'POST /api/audio/transcribe',
    note: 'About the recording sent: anyone signed in. The tests configure no transcription service, so 503.',
    request: () => multipart('/api/audio/transcribe', [{ name: 'audio', filename: 'recording.wav', type: 'audio/wav', data: wavBytes() }]),
    expect: { owner: 503, viewer: 503, member: 503, latecomer: 503, stranger: 503, signedOut: 401, linkHolder: 401 },
  },

  // Comments: viewers read and add, the author deletes.
  {
    route: 'GET /api/memories/:id/comments',
    request: (w) => ({ url: `/api/memories/${w.memory.id}/comments` }),
    reveals: (w) => w.comment.id,
    expect: { owner: sees(200), viewer: sees(200), member: 404, latecomer: 404, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'POST /api/memories/:id/comments',
    fresh: true,
    request: (w) => multipart(`/api/memories/${w.memory.id}/comments`, [{ name: 'content', value: 'I remember it well' }]),
    expect: { owner: 201, viewer: 201, member: 404, latecomer: 404, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'DELETE /api/comments/:id',
    note: "The owner wrote the comment; the viewer sees it but may not delete another's.",
    fresh: true,
    request: (w) => ({ url: `/api/comments/${w.comment.id}` }),
    expect: { owner: 200, viewer: 403, member: 404, latecomer: 404, stranger: 404, signedOut: 401, linkHolder: 401 },
  },

  // The family's questions (issue 23): members ask and read, the asker takes one back.
  {
    route: 'POST /api/timelines/:id/questions',
    note: "Every member asks the world's storyteller; the storyteller's link asks nothing.",
    fresh: true,
    request: (w) => json(`/api/timelines/${w.timeline.id}/questions`, { text: 'Where did you grow up?', forUserId: w.storyteller.id }),
    expect: { owner: 201, viewer: 201, member: 201, latecomer: 201, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/timelines/:id/questions',
    request: (w) => ({ url: `/api/timelines/${w.timeline.id}/questions` }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'DELETE /api/questions/:id',
    note: 'The owner asked the question (through the API); other members see it but may not take it back.',
    fresh: true,
    request: async (w) => {
      const asked = await w.t.app.inject({
        method: 'POST',
        url: `/api/timelines/${w.timeline.id}/questions`,
        payload: { text: 'What was your first job?' },
        headers: { cookie: w.people.owner.cookie },
      });
      return { url: `/api/questions/${asked.json<{ id: string }>().id}` };
    },
    expect: { owner: 204, viewer: 403, member: 403, latecomer: 403, stranger: 404, signedOut: 401, linkHolder: 401 },
  },

  // Storytellers (issue 23): any member adds one and sees them; the viewer added the world's,
  // so the viewer (their creator) and the owner (the timeline's) manage them, other members may not.
  {
    route: 'POST /api/timelines/:id/storytellers',
    fresh: true,
    request: (w) => json(`/api/timelines/${w.timeline.id}/storytellers`, { displayName: 'Grandpa Joe' }),
    expect: { owner: 201, viewer: 201, member: 201, latecomer: 201, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/timelines/:id/storytellers',
    request: (w) => ({ url: `/api/timelines/${w.timeline.id}/storytellers` }),
    reveals: (w) => w.storyteller.displayName,
    expect: { owner: sees(200), viewer: sees(200), member: sees(200), latecomer: sees(200), stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'PATCH /api/storytellers/:id',
    notAboutTheMemory: true,
    fresh: true,
    request: (w) => json(`/api/storytellers/${w.storyteller.id}`, { displayName: 'Granny Rose' }),
    expect: { owner: 200, viewer: 200, member: 403, latecomer: 403, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/storytellers/:id/link',
    notAboutTheMemory: true,
    request: (w) => ({ url: `/api/storytellers/${w.storyteller.id}/link` }),
    reveals: (w) => w.storyteller.token,
    expect: { owner: sees(200), viewer: sees(200), member: 403, latecomer: 403, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'POST /api/storytellers/:id/link',
    notAboutTheMemory: true,
    fresh: true,
    request: (w) => ({ url: `/api/storytellers/${w.storyteller.id}/link` }),
    expect: { owner: 200, viewer: 200, member: 403, latecomer: 403, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'DELETE /api/storytellers/:id/link',
    notAboutTheMemory: true,
    fresh: true,
    request: (w) => ({ url: `/api/storytellers/${w.storyteller.id}/link` }),
    expect: { owner: 204, viewer: 204, member: 403, latecomer: 403, stranger: 404, signedOut: 401, linkHolder: 401 },
  },

  // The storyteller's link (issue 23): the token is the credential, whatever cookie comes with
  // it; everyone but the link holder sends a token of their own making, which opens nothing.
  {
    route: 'GET /api/tell/:token',
    note: tellNote,
    request: (w, as) => tellCall(w, as),
    reveals: (w) => w.storyteller.displayName,
    expect: { owner: 404, viewer: 404, member: 404, latecomer: 404, stranger: 404, signedOut: 404, linkHolder: sees(200) },
  },
  {
    route: 'POST /api/tell/:token/memories',
    note: tellNote,
    fresh: true,
    request: async (w, as) => {
      const call = tellCall(w, as, '/memories');
      return { ...(await multipart(call.url, memoryFields({ title: 'The day we met' }))), remoteAddress: call.remoteAddress };
    },
    expect: { owner: 404, viewer: 404, member: 404, latecomer: 404, stranger: 404, signedOut: 404, linkHolder: 201 },
  },
  {
    route: 'POST /api/tell/:token/follow-up',
    note: tellNote,
    request: (w, as) => ({ ...tellCall(w, as, '/follow-up'), payload: { memoryContent: 'We met at a dance in 1962.' } }),
    expect: { owner: 404, viewer: 404, member: 404, latecomer: 404, stranger: 404, signedOut: 404, linkHolder: 200 },
  },
  {
    route: 'POST /api/tell/:token/unsubscribe',
    note: `${tellNote} RFC 8058's one-click body.`,
    fresh: true,
    request: (w, as) => ({ ...tellCall(w, as, '/unsubscribe'), payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    expect: { owner: 404, viewer: 404, member: 404, latecomer: 404, stranger: 404, signedOut: 404, linkHolder: 204 },
  },

  // Listen codes (issue 24): the code printed in a book is the credential, whoever scans it,
  // with or without a session; stopping a memory's codes is its creator's.
  {
    route: 'GET /api/listen/:token',
    note: listenNote,
    request: (w) => listenCall(w, (token) => `/api/listen/${token}`),
    reveals: () => 'The wedding song',
    expect: { owner: sees(200), viewer: sees(200), member: sees(200), latecomer: sees(200), stranger: sees(200), signedOut: sees(200), linkHolder: sees(200) },
  },
  {
    route: 'GET /api/listen/:token/recordings/:n',
    note: listenNote,
    request: (w) => listenCall(w, (token) => `/api/listen/${token}/recordings/0`),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 200, signedOut: 200, linkHolder: 200 },
  },
  {
    route: 'GET /listen/:token',
    note: `${listenNote} The page, written by the server whether or not a web app is built.`,
    request: (w) => listenCall(w, (token) => `/listen/${token}`),
    reveals: () => 'The wedding song',
    expect: { owner: sees(200), viewer: sees(200), member: sees(200), latecomer: sees(200), stranger: sees(200), signedOut: sees(200), linkHolder: sees(200) },
  },
  {
    route: 'DELETE /api/memories/:id/listen-links',
    note: 'Stops every listen code of the memory: its creator only.',
    fresh: true,
    request: (w) => ({ url: `/api/memories/${w.memory.id}/listen-links` }),
    expect: { owner: 204, viewer: 403, member: 404, latecomer: 404, stranger: 404, signedOut: 401, linkHolder: 401 },
  },

  // The family book (issue 24): any member asks for a book of their timeline.
  {
    route: 'POST /api/books',
    fresh: true,
    request: (w) => json('/api/books', { timelineId: w.timeline.id }),
    expect: { owner: 202, viewer: 202, member: 202, latecomer: 202, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/books',
    note: `${ownAccount} ${bookNote}`,
    request: async (w) => {
      await ownersBook(w);
      return { url: '/api/books' };
    },
    reveals: (w) => ownersBookIds.get(w) ?? 'no book was made',
    expect: { owner: sees(200), viewer: blind(200), member: blind(200), latecomer: blind(200), stranger: blind(200), signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/books/:id',
    note: bookNote,
    request: async (w) => ({ url: `/api/books/${await ownersBook(w)}` }),
    expect: { owner: 200, viewer: 404, member: 404, latecomer: 404, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/books/:id/file',
    note: bookNote,
    request: async (w) => ({ url: `/api/books/${await ownersBook(w)}/file` }),
    expect: { owner: 200, viewer: 404, member: 404, latecomer: 404, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'DELETE /api/books/:id',
    note: bookNote,
    fresh: true,
    request: async (w) => ({ url: `/api/books/${await ownersBook(w)}` }),
    expect: { owner: 204, viewer: 404, member: 404, latecomer: 404, stranger: 404, signedOut: 401, linkHolder: 401 },
  },

  // The archive of everything (issue 25): anyone signed in asks for their own.
  {
    route: 'POST /api/archives/everything',
    note: `${ownAccount} Each asks for an archive of what they themselves may view.`,
    fresh: true,
    request: () => ({ url: '/api/archives/everything' }),
    expect: { owner: 202, viewer: 202, member: 202, latecomer: 202, stranger: 202, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/archives',
    note: `${ownAccount} ${archiveNote}`,
    request: async (w) => {
      await ownersArchive(w);
      return { url: '/api/archives' };
    },
    reveals: (w) => ownersArchiveIds.get(w) ?? 'no archive was made',
    expect: { owner: sees(200), viewer: blind(200), member: blind(200), latecomer: blind(200), stranger: blind(200), signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/archives/:id',
    note: archiveNote,
    request: async (w) => ({ url: `/api/archives/${await ownersArchive(w)}` }),
    expect: { owner: 200, viewer: 404, member: 404, latecomer: 404, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/archives/:id/file',
    note: archiveNote,
    request: async (w) => ({ url: `/api/archives/${await ownersArchive(w)}/file` }),
    expect: { owner: 200, viewer: 404, member: 404, latecomer: 404, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'DELETE /api/archives/:id',
    note: archiveNote,
    fresh: true,
    request: async (w) => ({ url: `/api/archives/${await ownersArchive(w)}` }),
    expect: { owner: 204, viewer: 404, member: 404, latecomer: 404, stranger: 404, signedOut: 401, linkHolder: 401 },
  },

  // Search, archives and media bytes: the same view rule.
  {
    route: 'GET /api/memories/search',
    request: (w) => ({ url: `/api/memories/search?q=${w.searchWord}` }),
    reveals: (w) => w.memory.id,
    expect: { owner: sees(200), viewer: sees(200), member: blind(200), latecomer: blind(200), stranger: blind(200), signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/memories/:id/export',
    request: (w) => ({ url: `/api/memories/${w.memory.id}/export` }),
    expect: { owner: 200, viewer: 200, member: 404, latecomer: 404, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/bulk-download/memories',
    request: (w) => ({ url: `/api/bulk-download/memories?start=${w.memory.day}T00:00:00.000Z&end=${w.memory.day}T23:59:59.999Z` }),
    reveals: (w) => w.memory.id,
    expect: { owner: sees(200), viewer: sees(200), member: blind(200), latecomer: blind(200), stranger: blind(200), signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /api/bulk-download/archive',
    note: "The member has nothing to take that month (404, DESIGN: an empty month); the stranger does not see the timeline.",
    request: (w) => ({ url: `/api/bulk-download/archive?month=${w.memory.day.slice(0, 7)}&timelineId=${w.timeline.id}` }),
    expect: { owner: 200, viewer: 200, member: 404, latecomer: 404, stranger: 404, signedOut: 401, linkHolder: 401 },
  },
  {
    route: 'GET /uploads/*',
    note: "The memory's image. Everyone refused hears 404, signed out included (DESIGN \"Edge decisions\").",
    request: (w) => ({ url: `/uploads/${w.imageKey}` }),
    expect: { owner: 200, viewer: 200, member: 404, latecomer: 404, stranger: 404, signedOut: 404, linkHolder: 404 },
  },
  {
    route: 'GET /api/download-proxy',
    note: "The memory's image through the proxy.",
    request: (w) => ({ url: `/api/download-proxy?url=${encodeURIComponent(`/uploads/${w.imageKey}`)}` }),
    expect: { owner: 200, viewer: 200, member: 404, latecomer: 404, stranger: 404, signedOut: 401, linkHolder: 401 },
  },

  // The storyteller's page (issue 23).
  {
    route: 'GET /tell/:token',
    note:
      "The same page for any token and any caller, reading and writing nothing (its script asks GET /api/tell/{token}). This app has no built web, so everyone hears the same 404; server/http/tell-page.test.ts serves a built page.",
    request: (w, as) => ({ url: `/tell/${as === 'linkHolder' ? w.storyteller.token : 'not-a-link'}` }),
    expect: { owner: 404, viewer: 404, member: 404, latecomer: 404, stranger: 404, signedOut: 404, linkHolder: 404 },
  },

  // The service's own.
  {
    route: 'GET /manifest.webmanifest',
    note: "Everyone gets a manifest: named for the caller's own family when signed in, else Heirloom (server/manifest/manifest.test.ts); a link holder's link names none.",
    request: () => ({ url: '/manifest.webmanifest' }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 200, signedOut: 200, linkHolder: 200 },
  },
  {
    route: 'GET /healthz',
    note: isPublic,
    request: () => ({ url: '/healthz' }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 200, signedOut: 200, linkHolder: 200 },
  },
  {
    route: 'GET /api/docs',
    note: isPublic,
    request: () => ({ url: '/api/docs' }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 200, signedOut: 200, linkHolder: 200 },
  },
  {
    route: 'GET /api/config',
    note: isPublic,
    request: () => ({ url: '/api/config' }),
    expect: { owner: 200, viewer: 200, member: 200, latecomer: 200, stranger: 200, signedOut: 200, linkHolder: 200 },
  },
];
