// Issue 26 "she presses save, and it gets there": the wizard's save keeps the memory on the
// device when it cannot go now (offline: with no attempt; cut off or a 5xx: with the key the
// attempt carried), and a refusal stays a refusal, as before. XMLHttpRequest is a scripted fake;
// IndexedDB is fake-indexeddb.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../../../common/idempotency-rules';
import { api } from '../../api/endpoints';
import { UploadError } from '../../api/errors';
import { outboxOf, removeEntry } from '../../lib/outbox/store';
import { installScriptedXhr, scriptXhrAnswers, sentXhrs } from '../../test/scriptedXhr';
import { emptyDraft, type CaptureDraft } from './draft';
import { saveOrKeepMemory } from './saveMemory';

const photo = new File(['photo'], 'garden.png', { type: 'image/png' });
const draft: CaptureDraft & { idempotencyKey: string } = {
  ...emptyDraft,
  title: '  Picnic ',
  notes: 'We rowed across the lake.',
  recording: new Blob(['voice'], { type: 'audio/webm' }),
  recordingDuration: 3,
  images: [photo],
  idempotencyKey: 'draft-key-1',
};
const choices = { timelineIds: ['t1'], sharedWith: [], videoThumbnail: null };
const video = new File(['video'], 'picnic.webm', { type: 'video/webm' });
const ticket = {
  uploadUrl: '/api/upload/direct/ticket.mac',
  method: 'PUT' as const,
  fields: {},
  finalUrl: '/uploads/videos/picnic.webm',
  key: 'videos/picnic.webm',
  expiresAt: '2030-01-01T00:00:00.000Z',
  contentType: 'video/webm',
};
const names = (parts: { name: string }[]) => parts.map((part) => part.name);
const save = (saved = draft) => saveOrKeepMemory(saved, choices, 'u1', () => undefined, () => 5_000);

beforeEach(() => {
  installScriptedXhr();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const entry of await outboxOf('u1')) await removeEntry(entry.id);
});

describe("the wizard's save (issue 26)", () => {
  it('offline, keeps the memory at once with its files and the draft key, and sends nothing', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    await expect(save()).resolves.toEqual({ kept: true });
    expect(sentXhrs).toHaveLength(0);
    const [entry, ...rest] = await outboxOf('u1');
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ kind: 'memory', url: '/api/memories', idempotencyKey: 'draft-key-1', label: 'Picnic', timelineIds: ['t1'], state: 'waiting', video: null });
    expect(names(entry!.parts)).toEqual(['title', 'content', 'transcription', 'sharedWith', 'timelineIds', 'audioDuration', 'images', 'audio']);
  });

  it('online, saves as ever and keeps nothing', async () => {
    scriptXhrAnswers({ status: 201, body: '{"id":"m1"}' });
    await expect(save()).resolves.toEqual({ kept: false, memory: { id: 'm1' } });
    expect(await outboxOf('u1')).toEqual([]);
  });

  it('keeps the memory with the key the attempt carried when no answer came', async () => {
    // A timeout is not retried (memories §5), so one attempt, then kept.
    scriptXhrAnswers('timeout');
    await expect(save()).resolves.toEqual({ kept: true });
    expect(sentXhrs.map((request) => request.headers[IDEMPOTENCY_KEY_HEADER])).toEqual(['draft-key-1']);
    expect((await outboxOf('u1')).map((entry) => entry.idempotencyKey)).toEqual(['draft-key-1']);
  });

  it("keeps it after the spec's retries all met a 5xx", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    scriptXhrAnswers({ status: 503, body: '{"message":"Down"}' }, { status: 503, body: '{"message":"Down"}' }, { status: 503, body: '{"message":"Down"}' });
    const saving = save();
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(saving).resolves.toEqual({ kept: true });
    expect(sentXhrs.length).toBeGreaterThan(1);
    expect(await outboxOf('u1')).toHaveLength(1);
  });

  it('keeps nothing when the server refused the memory, and the refusal reaches the wizard as before', async () => {
    scriptXhrAnswers({ status: 400, body: '{"message":"Maximum images reached"}' });
    const refused = await save().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UploadError);
    expect((refused as UploadError).message).toBe('Maximum images reached');
    expect(await outboxOf('u1')).toEqual([]);
  });

  it('keeps a video whose upload was cut off as the file, to go up first later', async () => {
    vi.spyOn(api.uploads, 'presignedUrl').mockResolvedValue(ticket);
    scriptXhrAnswers('network');
    await expect(save({ ...draft, video: { file: video, thumbnail: null } })).resolves.toEqual({ kept: true });
    const [entry] = await outboxOf('u1');
    expect(entry!.video).toMatchObject({ fileName: 'picnic.webm', uploadedUrl: null, uploadedAt: null });
    expect(names(entry!.parts)).not.toContain('directVideoUrls');
  });

  it('keeps a video already in storage as its address, named in the form, when the memory itself was cut off', async () => {
    vi.spyOn(api.uploads, 'presignedUrl').mockResolvedValue(ticket);
    scriptXhrAnswers({ status: 200 }, 'timeout');
    await expect(save({ ...draft, video: { file: video, thumbnail: null } })).resolves.toEqual({ kept: true });
    const [entry] = await outboxOf('u1');
    expect(entry!.video).toMatchObject({ uploadedUrl: ticket.finalUrl, uploadedAt: 5_000 });
    expect(entry!.parts.filter((part) => part.name === 'directVideoUrls')).toEqual([{ name: 'directVideoUrls', value: ticket.finalUrl }]);
  });

  it('keeps nothing when the video was refused (its words, as before)', async () => {
    vi.spyOn(api.uploads, 'presignedUrl').mockResolvedValue(ticket);
    scriptXhrAnswers({ status: 413 });
    await expect(save({ ...draft, video: { file: video, thumbnail: null } })).rejects.toThrow(/Direct S3 upload failed for picnic.webm/);
    expect(await outboxOf('u1')).toEqual([]);
  });
});
