// Issue 26: the outbox keeps a create with its files until the server has it, sends it as the
// same request with the same Idempotency-Key, and makes one memory of a send cut off half way.
// The forms go to the real server (makeTestApp), encoded by the platform's own multipart writer;
// only the wire is in the test's hands, to lose an answer or to be offline.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, TEST_ORIGIN, type TestApp } from '../../../../server/test/app';
import { makeTimeline, makeUser, type MadeUser } from '../../../../server/test/factories';
import { formOf, isNearlyFull, nextAttemptDelay, partsOf, waitsAfter, type OutboxRequest } from './entry';
import { OutboxSendError, retryEntry, sendOutbox, type PostForm } from './send';
import { keepInOutbox, onOutboxEvent, outboxOf, removeEntry, type OutboxEvent } from './store';

let t: TestApp;
let rose: MadeUser;
let timelineId: string;

beforeAll(async () => {
  t = await makeTestApp('sqlite');
  rose = await makeUser(t.ctx, { displayName: 'Rose' });
  timelineId = (await makeTimeline(t.ctx, rose.user, { name: 'The Garden' })).id;
});
afterAll(() => t.close());
afterEach(async () => {
  for (const entry of await outboxOf(rose.user.id)) await removeEntry(entry.id);
});

/** The form as the browser would send it, handed to the real server with Rose's session. */
const toServer: PostForm = async (url, form, idempotencyKey, onProgress) => {
  const request = new Request(`${TEST_ORIGIN}${url}`, { method: 'POST', body: form });
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')!, cookie: rose.cookie, origin: TEST_ORIGIN, 'idempotency-key': idempotencyKey },
  });
  onProgress(100);
  if (response.statusCode >= 300) throw new OutboxSendError(response.statusCode, response.body);
  return response.body;
};

function memoryRequest(title: string): OutboxRequest {
  const form = new FormData();
  form.append('title', title);
  form.append('content', 'We danced until the lamps went out.');
  form.append('transcription', '');
  form.append('sharedWith', '[]');
  form.append('timelineIds', JSON.stringify([timelineId]));
  form.append('images', new File([photoBytes], 'wedding.png', { type: 'image/png' }), 'wedding.png');
  return { kind: 'memory', owner: rose.user.id, url: '/api/memories', idempotencyKey: crypto.randomUUID(), parts: partsOf(form), label: title, timelineIds: [timelineId] };
}

// A 1×1 PNG, so the server's byte gate takes it as the photo it says it is.
const photoBytes = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);

const memoriesTitled = (title: string) => t.ctx.db.selectFrom('memories').select('id').where('title', '=', title).execute();

describe('the outbox', () => {
  it('keeps a memory with its photo and sends it: one memory, its photo stored, the entry gone, every tab told', async () => {
    const events: OutboxEvent[] = [];
    const stop = onOutboxEvent((event) => events.push(event));
    const kept = await keepInOutbox(memoryRequest('Our wedding'));
    expect((await outboxOf(rose.user.id)).map((entry) => entry.label)).toEqual(['Our wedding']);
    expect(kept.bytes).toBe(photoBytes.length);

    await sendOutbox(rose.user.id, { post: toServer });
    stop();

    const [memory] = await memoriesTitled('Our wedding');
    expect(memory).toBeDefined();
    // The original and its display sizes, all of the one photo at position 0.
    const photos = await t.ctx.db.selectFrom('media').select(['kind', 'position']).where('memory_id', '=', memory!.id).execute();
    expect(new Set(photos.map((row) => `${row.kind} ${row.position}`))).toEqual(new Set(['image 0']));
    expect(await outboxOf(rose.user.id)).toEqual([]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'sent', resourceId: memory!.id }));
    expect(events).toContainEqual({ type: 'progress', id: kept.id, percent: 100 });
  });

  it('makes one memory of a send whose answer was lost half way: it waits, and the next send is answered with the first', async () => {
    const request = memoryRequest('The train to Lyon');
    let now = 1_000_000;
    await keepInOutbox(request, now);
    const answerLost: PostForm = async (...args) => {
      await toServer(...args);
      throw new OutboxSendError(0);
    };

    await sendOutbox(rose.user.id, { post: answerLost, now: () => now });
    const [waiting] = await outboxOf(rose.user.id);
    expect(waiting).toMatchObject({ state: 'waiting', attempts: 1, lastStatus: 0, nextAttemptAt: now + nextAttemptDelay(1) });
    expect(await memoriesTitled('The train to Lyon')).toHaveLength(1);

    // Not yet due: nothing is sent.
    await sendOutbox(rose.user.id, { post: toServer, now: () => now });
    expect(await outboxOf(rose.user.id)).toHaveLength(1);

    now += nextAttemptDelay(1);
    await sendOutbox(rose.user.id, { post: toServer, now: () => now });
    expect(await outboxOf(rose.user.id)).toEqual([]);
    expect(await memoriesTitled('The train to Lyon')).toHaveLength(1);
  });

  it('keeps waiting after a 5xx, and keeps a refusal with the server\'s words until its owner sends it again', async () => {
    await keepInOutbox(memoryRequest('Refused first'));
    const busy: PostForm = async () => {
      throw new OutboxSendError(503, '');
    };
    await sendOutbox(rose.user.id, { post: busy });
    expect((await outboxOf(rose.user.id))[0]).toMatchObject({ state: 'waiting', lastStatus: 503 });

    const gone = { ...memoryRequest('Filed nowhere'), parts: partsOf(formWithTimelines(['00000000-0000-4000-8000-000000000000'])) };
    const refused = await keepInOutbox(gone);
    await sendOutbox(rose.user.id, { post: toServer, now: () => Date.now() + nextAttemptDelay(1) });
    const after = await outboxOf(rose.user.id);
    expect(after.map((entry) => entry.label)).toEqual(['Filed nowhere']);
    expect(after[0]).toMatchObject({ state: 'refused', lastStatus: 404 });
    expect(after[0]!.lastMessage).toMatch(/not found/i);
    expect(await memoriesTitled('Filed nowhere')).toEqual([]);

    // A refused entry is not sent by itself, only when its owner asks.
    await sendOutbox(rose.user.id, { post: toServer });
    expect((await outboxOf(rose.user.id))[0]!.attempts).toBe(1);
    await retryEntry(refused.id, rose.user.id, { post: toServer });
    expect((await outboxOf(rose.user.id))[0]!.attempts).toBe(2);
  });

  it('sends nothing while the device is offline', async () => {
    await keepInOutbox(memoryRequest('Offline story'));
    const onLine = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    Object.defineProperty(globalThis, 'navigator', { value: { onLine: false }, configurable: true });
    try {
      await sendOutbox(rose.user.id, { post: toServer });
    } finally {
      if (onLine) Object.defineProperty(globalThis, 'navigator', onLine);
      else delete (globalThis as { navigator?: unknown }).navigator;
    }
    expect((await outboxOf(rose.user.id))[0]).toMatchObject({ attempts: 0, state: 'waiting' });
    expect(await memoriesTitled('Offline story')).toEqual([]);
  });

  it("leaves another person's entries alone", async () => {
    const ben = await makeUser(t.ctx, { displayName: 'Ben' });
    const bens = await keepInOutbox({ ...memoryRequest("Ben's story"), owner: ben.user.id });
    await sendOutbox(rose.user.id, { post: toServer });
    expect(await memoriesTitled("Ben's story")).toEqual([]);
    expect((await outboxOf(ben.user.id)).map((entry) => entry.id)).toEqual([bens.id]);
    await removeEntry(bens.id);
  });
});

function formWithTimelines(timelineIds: string[]): FormData {
  const form = new FormData();
  form.append('title', 'Filed nowhere');
  form.append('content', 'Words');
  form.append('sharedWith', '[]');
  form.append('timelineIds', JSON.stringify(timelineIds));
  return form;
}

describe('the outbox rules', () => {
  it('waits after no answer, a 5xx, 401, 408 and 429, and takes any other 4xx as refused', () => {
    expect([0, 500, 502, 503, 401, 408, 429].every(waitsAfter)).toBe(true);
    expect([400, 403, 404, 409, 413, 422].some(waitsAfter)).toBe(false);
  });

  it('pauses 5 s after the first failure, doubling to at most 5 minutes', () => {
    expect([1, 2, 3, 7, 8, 20].map(nextAttemptDelay)).toEqual([5_000, 10_000, 20_000, 300_000, 300_000, 300_000]);
  });

  it('keeps a form as parts, files with their names, and makes the same form again', async () => {
    const form = new FormData();
    form.append('title', 'Picnic');
    form.append('audio', new Blob(['voice'], { type: 'audio/mp4' }), 'recording.m4a');
    const again = formOf(partsOf(form));
    expect(again.get('title')).toBe('Picnic');
    const audio = again.get('audio') as File;
    expect([audio.name, audio.type, await audio.text()]).toEqual(['recording.m4a', 'audio/mp4', 'voice']);
  });

  it('says the device is nearly full past 80 % of its quota or under 50 MB left', () => {
    const mb = 1024 * 1024;
    expect(isNearlyFull({ usage: 100 * mb, quota: 1000 * mb }, 0)).toBe(false);
    expect(isNearlyFull({ usage: 810 * mb, quota: 1000 * mb }, 0)).toBe(true);
    expect(isNearlyFull({ usage: 10 * mb, quota: 100 * mb }, 60 * mb)).toBe(true);
    expect(isNearlyFull({ usage: 10 * mb }, 0)).toBe(false);
  });
});
