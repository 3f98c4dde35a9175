// Issue 26, memories §7: a waiting memory's video goes to storage before its form, and the form
// then names it as the wizard's own save would; the address is used again by a later attempt
// only while the server still holds the upload (it sweeps unclaimed ones after a day).
import { describe, expect, it } from 'vitest';
import { OUTBOX_VIDEO_UPLOAD_KEPT_MS } from '../../../../common/limits';
import { ApiError, UploadError } from '../../api/errors';
import { memoryForm } from '../../api/memory-form';
import { OutboxSendError, partsOf, type OutboxEntry, type OutboxVideo } from '../../lib/outbox';
import { failureStatus } from './failureStatus';
import { prepareMemory, withDirectVideo } from './memoryVideo';

const photo = new File(['photo'], 'garden.png', { type: 'image/png' });
const voice = new Blob(['voice'], { type: 'audio/webm' });
const frame = new Blob(['frame'], { type: 'image/jpeg' });
const video = new File(['video'], 'picnic.webm', { type: 'video/webm' });

const formInput = (directVideos: { url: string; thumbnail: Blob | null }[]) => ({
  title: 'Picnic',
  content: 'We rowed across the lake.',
  transcription: '',
  sharedWith: [],
  timelineIds: ['t1'],
  images: [photo],
  audio: voice,
  audioDuration: 3,
  followUps: [],
  directVideos,
});

const names = (parts: { name: string }[]) => parts.map((part) => part.name);

function waitingMemory(kept: Partial<OutboxVideo> = {}): OutboxEntry {
  return {
    kind: 'memory',
    owner: 'u1',
    url: '/api/memories',
    idempotencyKey: 'key-1',
    parts: partsOf(memoryForm(formInput([]))),
    video: { file: video, fileName: 'picnic.webm', thumbnail: frame, uploadedUrl: null, uploadedAt: null, ...kept },
    label: 'Picnic',
    timelineIds: ['t1'],
    id: 'e1',
    createdAt: 0,
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: 0,
    lastStatus: null,
    lastMessage: null,
    bytes: 0,
  };
}

describe("a waiting memory's video (issue 26)", () => {
  it('is named in the form exactly where memoryForm names it: the address before the first file, the frame last', () => {
    const kept = partsOf(memoryForm(formInput([])));
    const made = withDirectVideo(kept, '/uploads/videos/picnic.webm', frame);
    expect(names(made)).toEqual(names(partsOf(memoryForm(formInput([{ url: '/uploads/videos/picnic.webm', thumbnail: frame }])))));
    // Named again (a second upload), it is replaced, never named twice.
    const again = withDirectVideo(made, '/uploads/videos/second.webm', frame);
    expect(names(again)).toEqual(names(made));
    expect(again.filter((part) => part.name === 'directVideoUrls')).toEqual([{ name: 'directVideoUrls', value: '/uploads/videos/second.webm' }]);
  });

  it('goes up first when it has not, with progress, and the entry keeps its address and when', async () => {
    const uploads: File[] = [];
    const progress: number[] = [];
    const prepare = prepareMemory({
      now: () => 1_000,
      upload: async (file, onProgress) => {
        uploads.push(file);
        onProgress(40);
        return '/uploads/videos/picnic.webm';
      },
    });
    const ready = await prepare(waitingMemory(), (percent) => progress.push(percent));
    expect(uploads.map((file) => [file.name, file.type])).toEqual([['picnic.webm', 'video/webm']]);
    expect(progress).toEqual([40]);
    expect(ready.video).toMatchObject({ uploadedUrl: '/uploads/videos/picnic.webm', uploadedAt: 1_000 });
    expect(names(ready.parts)).toEqual(['title', 'content', 'transcription', 'sharedWith', 'timelineIds', 'audioDuration', 'directVideoUrls', 'images', 'audio', 'directVideoThumbnails']);
  });

  it('is not sent again while the server still holds it, and is sent again once it may have been swept', async () => {
    let uploads = 0;
    const upload = async () => {
      uploads += 1;
      return `/uploads/videos/v${uploads}.webm`;
    };
    const uploadedAt = 10_000;
    const uploaded = { ...waitingMemory({ uploadedUrl: '/uploads/videos/v0.webm', uploadedAt }) };
    uploaded.parts = withDirectVideo(uploaded.parts, '/uploads/videos/v0.webm', frame);

    const soon = await prepareMemory({ now: () => uploadedAt + OUTBOX_VIDEO_UPLOAD_KEPT_MS - 1, upload })(uploaded, () => undefined);
    expect(uploads).toBe(0);
    expect(soon).toBe(uploaded);

    const later = await prepareMemory({ now: () => uploadedAt + OUTBOX_VIDEO_UPLOAD_KEPT_MS, upload })(uploaded, () => undefined);
    expect(uploads).toBe(1);
    expect(later.parts.filter((part) => part.name === 'directVideoUrls')).toEqual([{ name: 'directVideoUrls', value: '/uploads/videos/v1.webm' }]);
  });

  it('fails with the status the sender reads: no answer waits, a refusal carries its words', async () => {
    const cutOff = prepareMemory({ upload: () => Promise.reject(new Error('Direct S3 upload failed', { cause: new UploadError('Network error', 0, 'network') })) });
    const noAnswer = await cutOff(waitingMemory(), () => undefined).catch((error: unknown) => error);
    expect(noAnswer).toBeInstanceOf(OutboxSendError);
    expect((noAnswer as OutboxSendError).status).toBe(0);

    const refusal = new Error('Failed to get upload URL: Video type refused', { cause: new ApiError(400, '{"message":"Video type refused"}', '400') });
    const refusing = prepareMemory({ upload: () => Promise.reject(new Error('Direct S3 upload failed for picnic.webm', { cause: refusal })) });
    const refused = (await refusing(waitingMemory(), () => undefined).catch((error: unknown) => error)) as OutboxSendError;
    expect(refused).toBeInstanceOf(OutboxSendError);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.responseText)).toEqual({ message: 'Direct S3 upload failed for picnic.webm' });
  });
});

describe('the status of a failed save', () => {
  it('reads through the causes: an upload, a call, fetch with no answer; null for what was no call', () => {
    expect(failureStatus(new UploadError('Server error', 503, 'http'))).toBe(503);
    expect(failureStatus(new UploadError('Timed out', 0, 'timeout'))).toBe(0);
    expect(failureStatus(new Error('outer', { cause: new Error('inner', { cause: new ApiError(502, '', '502') }) }))).toBe(502);
    expect(failureStatus(new TypeError('Failed to fetch'))).toBe(0);
    expect(failureStatus(new Error('The frame could not be read'))).toBeNull();
  });
});
