// DESIGN "Drafts live in the browser": the wizard's draft survives a reload (a fresh page
// reading the same IndexedDB), with its recordings and files, per person, until it is cleared.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyDraft, type CaptureDraft } from './draft';
import { clearDraft, loadDraft, saveDraft } from './draftStore';

const voice = new Blob(['the story, spoken'], { type: 'audio/webm' });
const answerVoice = new Blob(['a spoken answer'], { type: 'audio/webm' });
const photo = new File(['png bytes'], 'garden.png', { type: 'image/png', lastModified: 1_700_000_000_000 });
const video = new File(['webm bytes'], 'picnic.webm', { type: 'video/webm' });

const full: CaptureDraft = {
  ...emptyDraft,
  title: 'Picnic at the lake',
  notes: 'We rowed across.',
  transcription: '',
  recording: voice,
  recordingDuration: 42,
  images: [photo],
  video: { file: video, thumbnail: 'data:image/jpeg;base64,AAAA' },
  followUps: [{ question: 'Who was there?', answer: 'Audio response (no transcription available)', audio: answerVoice, audioDuration: 7 }],
  askedQuestions: ['Who was there?', 'What did you eat?'],
  question: 'What did you eat?',
  answer: 'Sandwiches',
  timelineIds: ['t1'],
  sharing: 'timeline',
  sharedWith: ['u2'],
  prompt: 'What is a place you loved as a child?',
};

/** What the IndexedDB media store holds, by key. */
async function storedMediaKeys(): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('heirloom-drafts');
    open.onsuccess = () => {
      const request = open.result.transaction('media').objectStore('media').getAllKeys();
      request.onsuccess = () => {
        open.result.close();
        resolve(request.result as string[]);
      };
      request.onerror = () => reject(request.error);
    };
  });
}

beforeEach(async () => {
  await clearDraft('ada');
  await clearDraft('grace');
});

describe('the draft kept in the browser', () => {
  it('gives back every field, the step, the recordings and the files after a reload', async () => {
    await saveDraft('ada', 'questions', full);
    const saved = await loadDraft('ada');
    expect(saved).not.toBeNull();
    expect(saved!.step).toBe('questions');
    const { recording, images, video: savedVideo, followUps, ...fields } = saved!.draft;
    const { recording: _r, images: _i, video: _v, followUps: _f, ...expected } = full;
    expect(fields).toEqual(expected);
    expect(await recording!.text()).toBe('the story, spoken');
    expect(recording!.type).toBe('audio/webm');
    expect(images).toHaveLength(1);
    expect(images[0]!.name).toBe('garden.png');
    expect(images[0]!.type).toBe('image/png');
    expect(await images[0]!.text()).toBe('png bytes');
    expect(savedVideo!.file.name).toBe('picnic.webm');
    expect(savedVideo!.thumbnail).toBe('data:image/jpeg;base64,AAAA');
    expect(followUps[0]).toMatchObject({ question: 'Who was there?', audioDuration: 7 });
    expect(await followUps[0]!.audio!.text()).toBe('a spoken answer');
  });

  it('keeps one draft per person on the device', async () => {
    await saveDraft('ada', 'start', { ...emptyDraft, title: "Ada's story" });
    await saveDraft('grace', 'timeline', { ...emptyDraft, title: "Grace's story" });
    expect((await loadDraft('ada'))!.draft.title).toBe("Ada's story");
    expect((await loadDraft('grace'))!.draft.title).toBe("Grace's story");
    expect(await loadDraft('nobody')).toBeNull();
  });

  it('writes each file once and forgets the ones the draft no longer holds', async () => {
    await saveDraft('ada', 'start', full);
    expect(await storedMediaKeys()).toHaveLength(4);
    // Typing again: the same four files, not four more copies.
    await saveDraft('ada', 'start', { ...full, notes: 'We rowed across the lake.' });
    expect(await storedMediaKeys()).toHaveLength(4);
    // The photo and the video removed: only the two recordings stay.
    await saveDraft('ada', 'start', { ...full, images: [], video: null });
    expect(await storedMediaKeys()).toHaveLength(2);
    const saved = await loadDraft('ada');
    expect(saved!.draft.images).toEqual([]);
    expect(saved!.draft.video).toBeNull();
  });

  it('clears the draft and its files once saved or discarded, leaving other people alone', async () => {
    await saveDraft('ada', 'sharing', full);
    await saveDraft('grace', 'start', { ...emptyDraft, title: 'Hers', recording: voice, recordingDuration: 3 });
    await clearDraft('ada');
    expect(await loadDraft('ada')).toBeNull();
    const keys = await storedMediaKeys();
    expect(keys).toHaveLength(1);
    expect(keys[0]!.startsWith('grace/')).toBe(true);
    expect(await (await loadDraft('grace'))!.draft.recording!.text()).toBe('the story, spoken');
  });
});
