// Issue 23 "The storyteller's side" as transitions: the question or the day's prompt, the
// recording and its new key, a refused microphone with typing as the way out, a kept story
// restored, a failed send kept with its key, a dead link, and the thank-you that forgets it.
import { describe, expect, it } from 'vitest';
import type { TellPage } from '../../../common/storytellers';
import type { TellDraft } from './tellDraftStore';
import { canSend, initialTellState, recordingLimitMs, tellReducer, type TellAction, type TellState } from './tellFlow';

const page: TellPage = {
  storyteller: { displayName: 'Grandma Rose' },
  timeline: { name: 'The Rose Family', color: '#f59e0b' },
  question: { id: 'q1', text: 'What was your first job?', askedBy: 'Sam Rose' },
  prompt: 'What is a place you loved as a child?',
  stories: [],
};
const voice = new Blob(['spoken words'], { type: 'audio/webm' });
const photo = (name: string) => new File(['png'], name, { type: 'image/png' });

const run = (state: TellState, ...actions: TellAction[]) => actions.reduce(tellReducer, state);
const opened = (kept: TellDraft | null = null, shown: TellPage = page) => run(initialTellState('link-1'), { type: 'opened', page: shown, kept });
const recorded = (state = opened()) =>
  run(
    state,
    { type: 'record', target: 'story', idempotencyKey: 'key-1', mimeType: 'audio/webm', now: 1000 },
    { type: 'recorded', target: 'story', audio: voice, durationMs: 4200 },
  );

describe('the storyteller page, step by step', () => {
  it('opens on the question with one way forward, or on the day\'s prompt when none waits', () => {
    expect(opened().screen).toEqual({ name: 'ask' });
    const prompted = run(opened(null, { ...page, question: null }), { type: 'record', target: 'story', idempotencyKey: 'k', mimeType: 'audio/webm', now: 1 });
    expect(prompted.draft).toMatchObject({ questionId: null, title: page.prompt });
  });

  it('Record makes a story for the question, titled by it, with its own Idempotency-Key; Stop keeps the recording and its length', () => {
    const state = recorded();
    expect(state.screen).toEqual({ name: 'review', restored: false });
    expect(state.draft).toMatchObject({ link: 'link-1', questionId: 'q1', title: 'What was your first job?', idempotencyKey: 'key-1', recording: 'done', durationMs: 4200, audio: voice });
    expect(canSend(state.draft)).toBe(true);
  });

  it('Record again is a new story with a new key, keeping the photos already chosen', () => {
    const withPhoto = run(recorded(), { type: 'photosAdded', photos: [photo('a.png')], max: 3 });
    const again = run(withPhoto, { type: 'record', target: 'story', idempotencyKey: 'key-2', mimeType: 'audio/webm', now: 2000 });
    expect(again.screen).toEqual({ name: 'recording', target: 'story' });
    expect(again.draft).toMatchObject({ idempotencyKey: 'key-2', recording: 'recording', audio: null });
    expect(again.draft!.photos.map((each) => each.name)).toEqual(['a.png']);
  });

  it('keeps at most three photos, and takes one back', () => {
    const state = run(recorded(), { type: 'photosAdded', photos: ['1', '2', '3', '4'].map((name) => photo(`${name}.png`)), max: 3 }, { type: 'photoRemoved', index: 1 });
    expect(state.draft!.photos.map((each) => each.name)).toEqual(['1.png', '3.png']);
  });

  it('a follow-up answered by voice stays with the story, and can be taken back', () => {
    const answer = new Blob(['more words'], { type: 'audio/webm' });
    const asked = run(recorded(), { type: 'followUpAsked', question: 'Who hired you?' }, { type: 'record', target: 'followUp', idempotencyKey: 'unused', mimeType: 'audio/webm', now: 3 });
    expect(asked.screen).toEqual({ name: 'recording', target: 'followUp' });
    const answered = run(asked, { type: 'recorded', target: 'followUp', audio: answer, durationMs: 2500 });
    expect(answered.screen).toEqual({ name: 'review', restored: false });
    expect(answered.draft).toMatchObject({ idempotencyKey: 'key-1', audio: voice, followUp: { question: 'Who hired you?', audio: answer, audioDuration: 2.5 } });
    expect(run(answered, { type: 'followUpCleared' }).draft!.followUp).toEqual({ question: 'Who hired you?', text: '', audio: null, audioDuration: null });
    // Asked once: a second question does not replace the first.
    expect(run(answered, { type: 'followUpAsked', question: 'Another?' }).draft!.followUp!.question).toBe('Who hired you?');
  });

  it('a refused microphone offers typing, and a typed story can be sent', () => {
    const refused = run(opened(), { type: 'microphoneRefused', target: 'story' });
    expect(refused.screen).toEqual({ name: 'noMicrophone', target: 'story' });
    const writing = run(refused, { type: 'write', idempotencyKey: 'key-w', now: 5 });
    expect(writing.screen).toEqual({ name: 'writing', restored: false });
    expect(canSend(writing.draft)).toBe(false);
    const typed = run(writing, { type: 'typed', text: 'I grew up by the sea.' });
    expect(canSend(typed.draft)).toBe(true);
    expect(typed.draft).toMatchObject({ idempotencyKey: 'key-w', questionId: 'q1', typed: 'I grew up by the sea.' });
  });

  it("a follow-up's refused microphone leads back to the recorded story, not to a blank page", () => {
    const refused = run(recorded(), { type: 'followUpAsked', question: 'Who hired you?' }, { type: 'microphoneRefused', target: 'followUp' });
    expect(refused.screen).toEqual({ name: 'noMicrophone', target: 'followUp' });
    expect(run(refused, { type: 'write', idempotencyKey: 'ignored', now: 6 })).toMatchObject({ screen: { name: 'review' }, draft: { idempotencyKey: 'key-1', audio: voice } });
  });

  it('a kept recording opens as "You have a recording that was not sent", with its key; kept words open the writing', () => {
    const kept = recorded().draft!;
    expect(opened(kept).screen).toEqual({ name: 'review', restored: true });
    expect(opened(kept).draft!.idempotencyKey).toBe('key-1');
    const words = { ...kept, audio: null, recording: 'none' as const, typed: 'By the sea.' };
    expect(opened(words).screen).toEqual({ name: 'writing', restored: true });
    // A kept draft with nothing to send yet (photos alone) waits behind the question.
    expect(opened({ ...words, typed: '' }).screen).toEqual({ name: 'ask' });
  });

  it('a failed send keeps the story and its key for "Send again"; a dead link says so; 429 says to wait', () => {
    const failed = run(recorded(), { type: 'sending', percent: 40 }, { type: 'sendFailed', status: 0, message: 'not sent' });
    expect(failed.screen).toEqual({ name: 'failed', message: 'not sent' });
    expect(failed.draft).toMatchObject({ idempotencyKey: 'key-1', audio: voice });
    expect(run(recorded(), { type: 'sendFailed', status: 404, message: 'x' }).screen).toEqual({ name: 'gone' });
    expect(run(recorded(), { type: 'sendFailed', status: 404, message: 'x' }).draft!.audio).toBe(voice);
  });

  it('an opening refused: 404 is the kind message, 429 the wait, anything else a retry; a kept story is still there', () => {
    const kept = recorded().draft!;
    const refused = (status: number) => run(initialTellState('link-1'), { type: 'refused', status, kept });
    expect(refused(404)).toMatchObject({ screen: { name: 'gone' }, draft: kept });
    expect(refused(429).screen).toEqual({ name: 'tooMany' });
    expect(refused(500).screen).toEqual({ name: 'unreachable' });
  });

  it('opened with no connection: a kept story opens for review, to be kept by Send; else the question on screen; else the offline page', () => {
    const kept = recorded().draft!;
    const noAnswer = (state: TellState, draft: TellDraft | null) => run(state, { type: 'refused', status: 0, kept: draft });
    expect(noAnswer(initialTellState('link-1'), kept)).toMatchObject({ screen: { name: 'review', restored: true }, draft: kept, offline: true });
    expect(noAnswer(initialTellState('link-1'), null)).toMatchObject({ screen: { name: 'offline' }, offline: true });
    // "Tell another story" with no connection: the question already on screen.
    expect(noAnswer(opened(), null)).toMatchObject({ screen: { name: 'ask' }, page, offline: true });
    // Opened again with a connection, or the connection back: the note goes.
    expect(run(noAnswer(opened(), null), { type: 'opened', page, kept: null }).offline).toBe(false);
    expect(run(noAnswer(opened(), null), { type: 'online' })).toMatchObject({ screen: { name: 'ask' }, offline: false });
    // The connection gone while she writes or reviews: the note comes, the story stays as it is.
    const cut = run(recorded(), { type: 'offline' });
    expect(cut).toMatchObject({ screen: { name: 'review', restored: false }, offline: true, draft: recorded().draft });
    expect(run(cut, { type: 'online' }).offline).toBe(false);
  });

  it('kept for later: the story leaves the draft for the outbox, and the question it answers is not offered again meanwhile', () => {
    const kept = run(recorded(), { type: 'kept', entryId: 'e1' });
    expect(kept).toMatchObject({ screen: { name: 'kept', entryId: 'e1' }, draft: null });
    expect(kept.page!.question).toBeNull();
    expect(kept.page!.prompt).toBe(page.prompt);
    // A story kept from another link answered none of this one's questions.
    const elsewhere = run(opened({ ...recorded().draft!, link: 'old-link' }), { type: 'kept', entryId: 'e1' });
    expect(elsewhere.page!.question).toEqual(page.question);
  });

  it('kept, then sent from the outbox while the page is open: the screen thanks her as sent, and only for that story', () => {
    const kept = run(recorded(), { type: 'kept', entryId: 'e1' });
    // An older story of hers went: this one still waits.
    expect(run(kept, { type: 'waitingSent', entryId: 'e0' }).screen).toEqual({ name: 'kept', entryId: 'e1' });
    expect(run(kept, { type: 'waitingSent', entryId: 'e1' }).screen).toEqual({ name: 'sent' });
    // A story under way is never taken away by a send of an earlier one.
    expect(run(recorded(), { type: 'waitingSent', entryId: 'e1' }).screen).toEqual({ name: 'review', restored: false });
  });

  it('the page read again after a waiting story went changes her stories and the question, not the screen or the story under way', () => {
    const story = { id: 'm1', title: 'What was your first job?', createdAt: '2026-11-26T10:00:00.000Z' };
    const read = run(recorded(), { type: 'pageRead', page: { ...page, question: null, stories: [story] } });
    expect(read.screen).toEqual({ name: 'review', restored: false });
    expect(read.page).toMatchObject({ question: null, stories: [story] });
    expect(read.draft).toMatchObject({ questionId: 'q1', title: 'What was your first job?' });
  });

  it('sent: the thank-you, the story forgotten, its question done until the page read again has another; the next question opens afresh', () => {
    const sent = run(recorded(), { type: 'sent' });
    expect(sent).toMatchObject({ screen: { name: 'sent' }, draft: null, page: { question: null } });
    const next = { ...page, question: { id: 'q2', text: 'Who taught you to swim?', askedBy: 'Sam Rose' } };
    expect(run(sent, { type: 'pageRead', page: next })).toMatchObject({ screen: { name: 'sent' }, page: next });
    expect(run(sent, { type: 'open' }, { type: 'opened', page, kept: null }).screen).toEqual({ name: 'ask' });
  });
});

describe('recordingLimitMs: when a recording stops by itself', () => {
  it("a story's 10 minutes, a follow-up answer's 30 s", () => {
    expect(recordingLimitMs('story')).toBe(600_000);
    expect(recordingLimitMs('followUp')).toBe(30_000);
  });
});
