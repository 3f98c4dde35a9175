// issue 20 "Never twice": a draft's Idempotency-Key is made once, kept with the draft in the
// browser (through a reload), and sent by every attempt to save it: the spec's one retry and a
// Save pressed again after a failure. XMLHttpRequest is a scripted fake; IndexedDB is fake-indexeddb.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../../../common/idempotency';
import { newIdempotencyKey } from '../../api/idempotency';
import { emptyDraft, withIdempotencyKey, type CaptureDraft } from './draft';
import { clearDraft, loadDraft, saveDraft } from './draftStore';
import { saveMemory } from './saveMemory';
import { installScriptedXhr, scriptXhrAnswers, sentXhrs } from '../../test/scriptedXhr';

/** Every request made (installScriptedXhr empties it before each test). */
const sent = sentXhrs;

const draft: CaptureDraft = { ...emptyDraft, title: 'Picnic', notes: 'We rowed across the lake.', timelineIds: ['t1'] };
const choices = { timelineIds: ['t1'], sharedWith: [], videoThumbnail: null };
const keysSent = () => sent.map((request) => request.headers[IDEMPOTENCY_KEY_HEADER]);

beforeEach(() => {
  installScriptedXhr();
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await clearDraft('u1');
});

describe("a draft's Idempotency-Key", () => {
  it('is made once: a draft that has one keeps it', () => {
    expect(emptyDraft.idempotencyKey).toBeNull();
    const keyed = withIdempotencyKey(draft, newIdempotencyKey);
    expect(keyed.idempotencyKey).toMatch(/^[\x20-\x7e]{1,200}$/);
    expect(withIdempotencyKey(keyed, newIdempotencyKey)).toBe(keyed);
    expect(withIdempotencyKey(draft, newIdempotencyKey).idempotencyKey).not.toBe(keyed.idempotencyKey);
  });

  it('survives in the draft kept in the browser, and a draft kept before keys existed has none until it is saved', async () => {
    const keyed = withIdempotencyKey(draft, newIdempotencyKey);
    await saveDraft('u1', 'sharing', keyed);
    expect((await loadDraft('u1'))?.draft.idempotencyKey).toBe(keyed.idempotencyKey);

    const { idempotencyKey: _, ...older } = keyed;
    await saveDraft('u1', 'sharing', older as CaptureDraft);
    expect((await loadDraft('u1'))?.draft.idempotencyKey).toBeNull();
  });

  it("is sent by the first attempt and again by the spec's retry after the answer was cut off", async () => {
    vi.useFakeTimers();
    const keyed = withIdempotencyKey(draft, newIdempotencyKey);
    scriptXhrAnswers('network', { status: 201, body: '{"id":"m1"}' });
    const saving = saveMemory(keyed, choices, () => undefined);
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(saving).resolves.toEqual({ id: 'm1' });
    expect(sent.map((request) => request.url)).toEqual(['/api/memories', '/api/memories']);
    expect(keysSent()).toEqual([keyed.idempotencyKey, keyed.idempotencyKey]);
  });

  it('is sent again when Save is pressed again after a failure, from the draft as reloaded', async () => {
    vi.useFakeTimers();
    const keyed = withIdempotencyKey(draft, newIdempotencyKey);
    scriptXhrAnswers('network', 'network');
    const failed = saveMemory(keyed, choices, () => undefined).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await failed).toBeInstanceOf(Error);
    // fake-indexeddb answers on the real clock.
    vi.useRealTimers();

    await saveDraft('u1', 'sharing', keyed);
    const reloaded = (await loadDraft('u1'))!.draft;
    const again = withIdempotencyKey(reloaded, newIdempotencyKey);
    scriptXhrAnswers({ status: 201, body: '{"id":"m1"}' });
    await expect(saveMemory(again, choices, () => undefined)).resolves.toEqual({ id: 'm1' });
    expect(keysSent()).toEqual([keyed.idempotencyKey, keyed.idempotencyKey, keyed.idempotencyKey]);
  });
});
