// memories §3, §5, §7, §8, §9: what saving a captured memory sends, how long it waits, when it
// retries and what a failure reads as. XMLHttpRequest is replaced by a scripted fake.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../common/messages';
import { ApiError, toUserText } from '../../api/errors';
import { api } from '../../api/endpoints';
import { emptyDraft, type CaptureDraft } from './draft';
import { uploadVideoDirect } from '../../api/memory-form';
import { draftForm as memoryForm, thumbnailBlob } from './saveMemory';
import { installScriptedXhr, scriptXhrAnswers, sentXhrs, type XhrAnswer } from '../../test/scriptedXhr';

const saveFailureText = (error: unknown) => toUserText(error, messages.memorySaveFailed);

/** Every request made (installScriptedXhr empties it before each test). */
const sent = sentXhrs;

const video = new File([new Uint8Array([1, 2, 3])], 'picnic.webm', { type: 'video/webm' });
const ticket = {
  uploadUrl: '/api/upload/direct/ticket.mac',
  method: 'PUT' as const,
  fields: {},
  finalUrl: '/uploads/videos/picnic.webm',
  key: 'videos/picnic.webm',
  expiresAt: '2030-01-01T00:00:00.000Z',
  contentType: 'video/webm',
};
/** S3's answer (issue 19): a POST form whose signed policy caps the size. */
const s3Ticket = {
  ...ticket,
  uploadUrl: 'https://bucket.example/heirloom-media',
  method: 'POST' as const,
  fields: { key: 'videos/picnic.webm', 'Content-Type': 'video/webm', Policy: 'eyJ9', 'X-Amz-Signature': 'ab12' },
};
// A real 1×1 JPEG's opening bytes are enough: the form carries whatever was captured.
const jpegBytes = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10];
const jpegDataUrl = `data:image/jpeg;base64,${Buffer.from(jpegBytes).toString('base64')}`;

beforeEach(() => {
  installScriptedXhr();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the memory creation form (memories §3)', () => {
  const draft: CaptureDraft = {
    ...emptyDraft,
    title: '  Picnic  ',
    notes: 'We rowed across the lake.',
    transcription: ' Grandma sang. ',
    recording: new Blob(['voice'], { type: 'audio/webm;codecs=opus' }),
    images: [new File(['a'], 'garden.png', { type: 'image/png' })],
    followUps: [{ question: 'Who was there?', answer: 'My cousins.', audio: null, audioDuration: null }],
  };

  it('sends every text field before the first file, and the captured frame as directVideoThumbnails (thumbnail.jpg, image/jpeg)', async () => {
    const form = memoryForm(draft, {
      timelineIds: ['t1'],
      sharedWith: ['u2'],
      directVideos: [{ url: ticket.finalUrl, thumbnail: thumbnailBlob(jpegDataUrl) }],
    });
    // Every text field before the first file: the server authorizes the fields before it takes a file.
    expect([...form.keys()]).toEqual(['title', 'content', 'transcription', 'sharedWith', 'timelineIds', 'followUpResponses', 'directVideoUrls', 'images', 'audio', 'directVideoThumbnails']);
    expect(form.get('title')).toBe('Picnic');
    expect(form.get('content')).toBe('We rowed across the lake.\n\nQ: Who was there?\nA: My cousins.');
    expect(form.get('transcription')).toBe('Grandma sang.');
    expect((form.get('audio') as File).name).toBe('recording.webm');
    expect(form.get('timelineIds')).toBe('["t1"]');
    expect(form.getAll('directVideoUrls')).toEqual([ticket.finalUrl]);
    const frame = form.get('directVideoThumbnails') as File;
    expect(frame.name).toBe('thumbnail.jpg');
    expect(frame.type).toBe('image/jpeg');
    expect([...new Uint8Array(await frame.arrayBuffer())]).toEqual(jpegBytes);
  });

  it('sends the recordings with their lengths: audioDuration, followUpResponses and one followUpAudio per spoken answer, in order', () => {
    const spoken = new Blob(['answer'], { type: 'audio/webm' });
    const form = memoryForm(
      {
        ...draft,
        recordingDuration: 42,
        followUps: [
          { question: 'Who was there?', answer: 'My cousins.', audio: null, audioDuration: null },
          { question: 'What did you eat?', answer: 'Audio response (no transcription available)', audio: spoken, audioDuration: 7 },
          { question: 'Unanswered?', answer: '  ', audio: null, audioDuration: null },
        ],
      },
      { timelineIds: ['t1'], sharedWith: ['u2'], directVideos: [] },
    );
    expect([...form.keys()]).toEqual(['title', 'content', 'transcription', 'sharedWith', 'timelineIds', 'audioDuration', 'followUpResponses', 'images', 'audio', 'followUpAudio']);
    expect(form.get('audioDuration')).toBe('42');
    expect(JSON.parse(form.get('followUpResponses') as string)).toEqual([
      { question: 'Who was there?', answer: 'My cousins.', hasAudio: false },
      { question: 'What did you eat?', answer: 'Audio response (no transcription available)', hasAudio: true, audioDuration: 7 },
    ]);
    expect(form.getAll('followUpAudio')).toHaveLength(1);
    expect((form.get('followUpAudio') as File).name).toBe('recording.webm');
    expect(form.get('content')).toBe(
      'We rowed across the lake.\n\nQ: Who was there?\nA: My cousins.\n\nQ: What did you eat?\nA: Audio response (no transcription available)',
    );
  });

  it('sends no directVideoThumbnails when no frame was captured, or no video was chosen', () => {
    const noFrame = memoryForm(draft, { timelineIds: ['t1'], sharedWith: [], directVideos: [{ url: ticket.finalUrl, thumbnail: null }] });
    expect(noFrame.getAll('directVideoUrls')).toEqual([ticket.finalUrl]);
    expect(noFrame.has('directVideoThumbnails')).toBe(false);
    const noVideo = memoryForm(draft, { timelineIds: ['t1'], sharedWith: [], directVideos: [] });
    expect(noVideo.has('directVideoUrls')).toBe(false);
    expect(noVideo.has('directVideoThumbnails')).toBe(false);
  });

  it('never lets a frame stand for the wrong video: frames stop at the first video without one', () => {
    const frame = thumbnailBlob(jpegDataUrl);
    const form = memoryForm(draft, {
      timelineIds: ['t1'],
      sharedWith: [],
      directVideos: [
        { url: 'first', thumbnail: frame },
        { url: 'second', thumbnail: null },
        { url: 'third', thumbnail: frame },
      ],
    });
    expect(form.getAll('directVideoThumbnails')).toHaveLength(1);
  });

  it('reads only a JPEG data URL as a frame', () => {
    expect(thumbnailBlob(jpegDataUrl)?.type).toBe('image/jpeg');
    expect(thumbnailBlob(null)).toBeNull();
    expect(thumbnailBlob('data:image/png;base64,iVBORw0KGgo=')).toBeNull();
    expect(thumbnailBlob('data:image/jpeg;base64,')).toBeNull();
    expect(thumbnailBlob('https://example.com/frame.jpg')).toBeNull();
  });
});

describe('direct video upload (memories §7, §8)', () => {
  it('PUTs the file to the presigned address with a 10-minute timeout and answers the finalUrl on 204', async () => {
    vi.spyOn(api.uploads, 'presignedUrl').mockResolvedValue(ticket);
    scriptXhrAnswers({ status: 204 });
    const progress: number[] = [];
    await expect(uploadVideoDirect(video, (percent) => progress.push(percent))).resolves.toBe(ticket.finalUrl);
    expect(api.uploads.presignedUrl).toHaveBeenCalledWith({ fileName: 'picnic.webm', mimeType: 'video/webm' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('PUT');
    expect(sent[0]!.url).toBe(ticket.uploadUrl);
    expect(sent[0]!.timeout).toBe(600_000);
    expect(sent[0]!.headers['Content-Type']).toBe('video/webm');
    expect(sent[0]!.body).toBe(video);
    expect(progress).toEqual([50, 100]);
  });

  it('POSTs a form to S3 as the answer says: the signed fields in their order, then the file (issue 19)', async () => {
    vi.spyOn(api.uploads, 'presignedUrl').mockResolvedValue(s3Ticket);
    scriptXhrAnswers({ status: 204 });
    await expect(uploadVideoDirect(video)).resolves.toBe(s3Ticket.finalUrl);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url).toBe(s3Ticket.uploadUrl);
    expect(sent[0]!.timeout).toBe(600_000);
    // The browser writes the multipart type with its boundary.
    expect(sent[0]!.headers['Content-Type']).toBeUndefined();
    const form = sent[0]!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.keys()]).toEqual(['key', 'Content-Type', 'Policy', 'X-Amz-Signature', 'file']);
    expect(form.get('Content-Type')).toBe('video/webm');
    expect((form.get('file') as File).name).toBe('picnic.webm');
  });

  it('takes 200 as success too, but not another 2xx', async () => {
    vi.spyOn(api.uploads, 'presignedUrl').mockResolvedValue(ticket);
    scriptXhrAnswers({ status: 200 }, { status: 201 });
    await expect(uploadVideoDirect(video)).resolves.toBe(ticket.finalUrl);
    await expect(uploadVideoDirect(video)).rejects.toThrow('Direct S3 upload failed for picnic.webm: S3 upload failed with status: 201');
  });

  it("reads 'Direct S3 upload failed for {file}: {reason}' for each failure", async () => {
    vi.spyOn(api.uploads, 'presignedUrl').mockResolvedValue(ticket);
    scriptXhrAnswers({ status: 403, body: '<Error/>' }, 'timeout', 'network');
    await expect(uploadVideoDirect(video)).rejects.toThrow('Direct S3 upload failed for picnic.webm: S3 upload failed with status: 403');
    await expect(uploadVideoDirect(video)).rejects.toThrow('Direct S3 upload failed for picnic.webm: S3 upload timed out');
    await expect(uploadVideoDirect(video)).rejects.toThrow('Direct S3 upload failed for picnic.webm: Network error during upload');
    expect(sent).toHaveLength(3);
  });

  it("reads 'Failed to get upload URL: {message}' when no address is given, and sends nothing", async () => {
    vi.spyOn(api.uploads, 'presignedUrl').mockRejectedValue(new ApiError(400, '{"message":"Please choose a video"}', '400: bad'));
    const failure = uploadVideoDirect(video);
    await expect(failure).rejects.toThrow('Direct S3 upload failed for picnic.webm: Failed to get upload URL: Please choose a video');
    expect(sent).toHaveLength(0);
    expect(saveFailureText(await failure.catch((error: unknown) => error))).toBe(
      'Direct S3 upload failed for picnic.webm: Failed to get upload URL: Please choose a video',
    );
  });
});

describe('the memory POST (memories §5, §7, §9)', () => {
  const form = () => new FormData();

  it('posts to /api/memories with a 300000 ms timeout and reports progress', async () => {
    scriptXhrAnswers({ status: 201, body: '{"id":"m1"}' });
    const progress: number[] = [];
    await expect(api.memories.create(form(), { onProgress: (percent) => progress.push(percent) })).resolves.toEqual({ id: 'm1' });
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url).toBe('/api/memories');
    expect(sent[0]!.timeout).toBe(300_000);
    expect(progress).toEqual([50, 100]);
  });

  it('retries once, 2 s after a server error, and then gives up', async () => {
    vi.useFakeTimers();
    scriptXhrAnswers({ status: 503 }, { status: 502 }, { status: 201, body: '{}' });
    const result = api.memories.create(form()).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(2);
    expect(saveFailureText(await result)).toBe('Server error during upload. Please try again shortly.');
  });

  it('succeeds on the retry after a network error', async () => {
    vi.useFakeTimers();
    scriptXhrAnswers('network', { status: 201, body: '{"id":"m2"}' });
    const result = api.memories.create(form());
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(result).resolves.toEqual({ id: 'm2' });
    expect(sent).toHaveLength(2);
  });

  it('never retries a 413 or a file-size refusal', async () => {
    vi.useFakeTimers();
    scriptXhrAnswers({ status: 413, body: '{"message":"Video too large"}' });
    const tooLarge = api.memories.create(form()).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(1);
    expect(saveFailureText(await tooLarge)).toBe('File is too large for upload. Please trim or compress the video and try again.');

    scriptXhrAnswers({ status: 500, body: '{"message":"File size limit exceeded"}' });
    const sizeError = api.memories.create(form()).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(2);
    expect(saveFailureText(await sizeError)).toBe('Server error during upload. Please try again shortly.');
  });

  it('does not retry a timeout, which the spec reads as a file too large for the connection', async () => {
    vi.useFakeTimers();
    scriptXhrAnswers('timeout', { status: 201, body: '{}' });
    const timedOut = api.memories.create(form()).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(1);
    expect(saveFailureText(await timedOut)).toBe('Upload timeout - file may be too large for this connection');
  });

  it('retries a 429 and a 408, which are about the moment, not the request', async () => {
    vi.useFakeTimers();
    scriptXhrAnswers({ status: 429 }, { status: 201, body: '{"id":"m3"}' });
    const result = api.memories.create(form());
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(result).resolves.toEqual({ id: 'm3' });
    expect(sent).toHaveLength(2);
  });
});

describe('save failure toast text (memories §8)', () => {
  async function failureOf(answer: XhrAnswer): Promise<string> {
    scriptXhrAnswers(answer, answer);
    vi.useFakeTimers();
    const result = api.memories.create(new FormData()).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5_000);
    return saveFailureText(await result);
  }

  it('reads the server message of a 400, else the file-format hint', async () => {
    expect(await failureOf({ status: 400, body: '{"message":"Please give your memory a title"}' })).toBe('Please give your memory a title');
    expect(await failureOf({ status: 400, body: 'nope' })).toBe('Invalid request - please check your file format');
  });

  it("reads 'Network error - please check your connection' for status 0 and a failed connection", async () => {
    expect(await failureOf({ status: 0 })).toBe('Network error - please check your connection. Please try again with a stable connection.');
    expect(await failureOf('network')).toBe('Network error - please check your connection. Please try again with a stable connection.');
  });

  it("reads 'Upload failed' for another refusal, and the timeout and abort messages", async () => {
    expect(await failureOf({ status: 404 })).toBe('Upload failed');
    expect(await failureOf('timeout')).toBe('Upload timeout - file may be too large for this connection');
    expect(await failureOf('abort')).toBe('Upload was aborted');
  });

  it("falls back to 'Failed to save memory'", () => {
    expect(saveFailureText(undefined)).toBe('Failed to save memory');
    expect(saveFailureText(new Error(''))).toBe('Failed to save memory');
  });
});
