// Issue 26: what the service worker sends when Background Sync wakes it with no page open: the
// entries of the person whose session this browser holds, never another's (the cookie would
// make them that person's), and nothing whose video still has to go up. The worker's fetch is
// handed to the real server with the browser's cookie.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { makeTestApp, TEST_ORIGIN, type TestApp } from '../../../server/test/app';
import { makeTimeline, makeUser, type MadeUser } from '../../../server/test/factories';
import { partsOf, type OutboxRequest } from '../lib/outbox/entry';
import { keepInOutbox, outboxOf } from '../lib/outbox/store';
import { sendOutboxFromWorker } from './worker-outbox';

let t: TestApp;
let rose: MadeUser;
let ben: MadeUser;
let timelineId: string;

beforeAll(async () => {
  t = await makeTestApp('sqlite');
  rose = await makeUser(t.ctx, { displayName: 'Rose' });
  ben = await makeUser(t.ctx, { displayName: 'Ben' });
  timelineId = (await makeTimeline(t.ctx, rose.user, { name: 'Family', members: [ben.user] })).id;
  // The browser's session is Rose's: every same-origin request of the worker carries her cookie.
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const request = new Request(`${TEST_ORIGIN}${input}`, init);
    const body = init.body === undefined ? undefined : Buffer.from(await request.arrayBuffer());
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...Object.fromEntries(request.headers) };
    if (init.credentials !== 'omit') headers.cookie = rose.cookie;
    const answer = await t.app.inject({ method: request.method as 'GET' | 'POST', url: input, payload: body, headers });
    return new Response(answer.body, { status: answer.statusCode, headers: { 'content-type': String(answer.headers['content-type'] ?? '') } });
  });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await t.close();
});

function memory(owner: MadeUser, title: string): OutboxRequest {
  const form = new FormData();
  form.append('title', title);
  form.append('content', 'Told on the train.');
  form.append('sharedWith', '[]');
  form.append('timelineIds', JSON.stringify([timelineId]));
  return { kind: 'memory', owner: owner.user.id, url: '/api/memories', idempotencyKey: crypto.randomUUID(), parts: partsOf(form), label: title };
}

const titled = async (title: string) => (await t.ctx.db.selectFrom('memories').select('user_id').where('title', '=', title).execute()).map((row) => row.user_id);

it("sends the session's person's memories, leaves another person's and a video still to upload, and says something waits", async () => {
  await keepInOutbox(memory(rose, "Rose's wedding"));
  await keepInOutbox(memory(ben, "Ben's first car"));
  const withVideo = { ...memory(rose, 'The picnic film'), video: { file: new Blob(['video']), fileName: 'picnic.mp4', thumbnail: null, uploadedUrl: null, uploadedAt: null } };
  await keepInOutbox(withVideo);

  const stillWaiting = await sendOutboxFromWorker();

  expect(await titled("Rose's wedding")).toEqual([rose.user.id]);
  expect(await titled("Ben's first car")).toEqual([]);
  expect(await titled('The picnic film')).toEqual([]);
  expect((await outboxOf(rose.user.id)).map((entry) => entry.label)).toEqual(['The picnic film']);
  expect((await outboxOf(ben.user.id)).map((entry) => entry.label)).toEqual(["Ben's first car"]);
  // Only the video waits, which is a page's to send: nothing this worker may send is left.
  expect(stillWaiting).toBe(false);
});
