// Issue 23 "nothing she said lost": the recording is kept chunk by chunk as it is made, so a
// page opened again (a fresh read of the same IndexedDB) gets it back joined in order, with
// its photos, its follow-up and its Idempotency-Key, until it is sent.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { appendChunk, clearDraft, linkFingerprint, loadDraft, saveDraft, startRecordingDraft, type TellDraftFields } from './tellDraftStore';

const fields: TellDraftFields = {
  link: linkFingerprint('the-link'),
  questionId: 'q1',
  title: 'What was your first job?',
  idempotencyKey: 'key-1',
  recording: 'recording',
  startedAt: 1_700_000_000_000,
  durationMs: 0,
  mimeType: 'audio/webm',
  typed: '',
  photos: [new File(['png bytes'], 'shop.png', { type: 'image/png' })],
  followUp: null,
};

const text = (blob: Blob | null) => blob!.text();

beforeEach(() => clearDraft());

describe("the storyteller's kept story", () => {
  it('gives back a recording cut off mid-way: its chunks joined in order, its length so far, as finished', async () => {
    await startRecordingDraft(fields);
    await Promise.all([appendChunk(new Blob(['one ']), 1000), appendChunk(new Blob(['two ']), 2000), appendChunk(new Blob(['three']), 3000)]);
    const kept = await loadDraft();
    expect(kept).toMatchObject({ questionId: 'q1', title: 'What was your first job?', idempotencyKey: 'key-1', recording: 'done', durationMs: 3000 });
    expect(await text(kept!.audio)).toBe('one two three');
    expect(kept!.audio!.type).toBe('audio/webm');
    expect(kept!.photos.map((photo) => [photo.name, photo.type])).toEqual([['shop.png', 'image/png']]);
    expect(await kept!.photos[0]!.text()).toBe('png bytes');
  });

  it('a new recording starts with none of the last one', async () => {
    await startRecordingDraft(fields);
    await appendChunk(new Blob(['the first try']), 1000);
    await startRecordingDraft({ ...fields, idempotencyKey: 'key-2' });
    await appendChunk(new Blob(['the second']), 1000);
    const kept = await loadDraft();
    expect(kept!.idempotencyKey).toBe('key-2');
    expect(await text(kept!.audio)).toBe('the second');
  });

  it('keeps a follow-up answered by voice and typed words beside the recording', async () => {
    await startRecordingDraft(fields);
    await appendChunk(new Blob(['story']), 1000);
    const answer = new Blob(['spoken answer'], { type: 'audio/webm' });
    await saveDraft({ ...fields, recording: 'done', durationMs: 1000, typed: 'And then', followUp: { question: 'Who hired you?', text: '', audio: answer, audioDuration: 2 } });
    const kept = await loadDraft();
    expect(kept).toMatchObject({ typed: 'And then', followUp: { question: 'Who hired you?', audioDuration: 2 } });
    expect(await text(kept!.followUp!.audio)).toBe('spoken answer');
    expect(await text(kept!.audio)).toBe('story');
  });

  it('a story only written has no recording', async () => {
    await saveDraft({ ...fields, recording: 'none', typed: 'By the sea.' });
    expect(await loadDraft()).toMatchObject({ typed: 'By the sea.', audio: null, recording: 'none' });
  });

  it('forgets everything once sent', async () => {
    await startRecordingDraft(fields);
    await appendChunk(new Blob(['story']), 1000);
    await clearDraft();
    expect(await loadDraft()).toBeNull();
  });

  it('tells one link from another without keeping the link', () => {
    expect(linkFingerprint('the-link')).toBe(linkFingerprint('the-link'));
    expect(linkFingerprint('the-link')).not.toBe(linkFingerprint('a-new-link'));
    expect(linkFingerprint('the-link')).not.toContain('the-link');
  });
});
