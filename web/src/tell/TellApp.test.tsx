// @vitest-environment jsdom
// Issue 23 "The storyteller's side", the page as she meets it: the question, Record, Stop and
// Send to a thank-you; a failed send kept for "Send again" with the same Idempotency-Key; a
// recording kept from a closed tab offered back; a dead link and too many tries said kindly; a
// refused microphone with typing as the way out. The browser's parts are scripted (network,
// microphone, MediaRecorder); IndexedDB is fake-indexeddb; e2e/tell.spec.ts runs the real server.
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../../common/idempotency-rules';
import type { TellPage } from '../../../common/storytellers';
import { tellMessages } from '../../../common/tell-messages';
import { installScriptedXhr, scriptXhrAnswers, sentXhrs } from '../test/scriptedXhr';
import { TellApp } from './TellApp';
import { appendChunk, clearDraft, linkFingerprint, loadDraft, startRecordingDraft } from './tellDraftStore';

const page: TellPage = {
  storyteller: { displayName: 'Grandma Rose' },
  timeline: { name: 'The Rose Family', color: '#f59e0b' },
  question: { id: 'q1', text: 'What was your first job?', askedBy: 'Sam Rose' },
  prompt: 'What is a place you loved as a child?',
  stories: [],
};

class ScriptedRecorder {
  static latest: ScriptedRecorder | null = null;
  static isTypeSupported = () => true;
  state: 'inactive' | 'recording' = 'inactive';
  mimeType = 'audio/webm';
  stream = { getTracks: () => [] };
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor() {
    ScriptedRecorder.latest = this;
  }
  start() {
    this.state = 'recording';
  }
  /** The recorder hands over a chunk, as it does every second. */
  chunk(text: string) {
    this.ondataavailable?.({ data: new Blob([text], { type: 'audio/webm' }) });
  }
  stop() {
    this.state = 'inactive';
    this.chunk('the last words');
    this.onstop?.();
  }
}

/** What GET /api/tell/tok answers next, and every link call made. */
let pageAnswer: { status: number; body: unknown };
const calls: { url: string; init: RequestInit }[] = [];

beforeEach(async () => {
  await clearDraft();
  calls.length = 0;
  pageAnswer = { status: 200, body: page };
  installScriptedXhr();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    if (url.endsWith('/follow-up')) return new Response(JSON.stringify({ question: 'Who hired you?' }), { status: 200, headers: { 'content-type': 'application/json' } });
    return new Response(JSON.stringify(pageAnswer.body), { status: pageAnswer.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('MediaRecorder', ScriptedRecorder);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop: () => undefined }] })) },
  });
  URL.createObjectURL = vi.fn(() => `blob:preview-${Math.random()}`);
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Each step waits on IndexedDB (fake-indexeddb, on timers): more than Testing Library's 1 s on a busy machine.
const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5_000 });
const button = (name: string) => screen.getByRole('button', { name });
/** The screen's heading has taken focus, as each new screen's does. */
const focused = async (name: string) => {
  const shown = await heading(name);
  await waitFor(() => expect(document.activeElement).toBe(shown));
};

async function recordAndStop() {
  fireEvent.click(await screen.findByRole('button', { name: tellMessages.tellRecord }));
  await heading(tellMessages.tellRecordingHeading);
  ScriptedRecorder.latest!.chunk('my first job ');
  fireEvent.click(button(tellMessages.tellStop));
  await heading(tellMessages.tellReviewHeading);
}

describe("the storyteller's page", () => {
  it('Record, Stop, Send: the story goes with its question, its voice and its key, without a cookie, and she is thanked', async () => {
    render(<TellApp token="tok" />);
    await focused('What was your first job?');
    expect(screen.getByText(tellMessages.tellGreeting('Grandma Rose'))).toBeTruthy();
    expect(screen.getByText(tellMessages.tellAskedBy('Sam Rose'))).toBeTruthy();
    expect(calls[0]).toMatchObject({ url: '/api/tell/tok', init: { method: 'GET', credentials: 'omit' } });

    await recordAndStop();
    await focused(tellMessages.tellReviewHeading);
    // The follow-up question arrives on its own: answering it is not one of the three taps.
    expect(await screen.findByRole('heading', { level: 2, name: 'Who hired you?' })).toBeTruthy();
    scriptXhrAnswers({ status: 201, body: '{"id":"m1"}' });
    fireEvent.click(button(tellMessages.tellSend));
    await focused(tellMessages.tellThanksHeading);

    const [sent] = sentXhrs;
    expect(sent!.url).toBe('/api/tell/tok/memories');
    expect(sent!.withCredentials).toBe(false);
    const form = sent!.body as FormData;
    expect(form.get('title')).toBe('What was your first job?');
    expect(form.get('questionId')).toBe('q1');
    expect(await (form.get('audio') as File).text()).toBe('my first job the last words');
    expect(form.get('followUpResponses')).toBeNull();
    expect(sent!.headers[IDEMPOTENCY_KEY_HEADER]).toMatch(/^[0-9a-f-]{32,36}$/);
    await waitFor(async () => expect(await loadDraft()).toBeNull());
  });

  it('a follow-up answered in words goes in the same story, as a Q/A block and a response', async () => {
    render(<TellApp token="tok" />);
    await recordAndStop();
    fireEvent.click(await screen.findByRole('button', { name: tellMessages.tellFollowUpWrite }));
    fireEvent.change(screen.getByRole('textbox', { name: tellMessages.tellFollowUpAnswerLabel }), { target: { value: 'Mr Hale at the bakery.' } });
    scriptXhrAnswers({ status: 201, body: '{"id":"m1"}' });
    fireEvent.click(button(tellMessages.tellSend));
    await heading(tellMessages.tellThanksHeading);
    const form = sentXhrs[0]!.body as FormData;
    expect(form.get('content')).toBe('Q: Who hired you?\nA: Mr Hale at the bakery.');
    expect(JSON.parse(form.get('followUpResponses') as string)).toEqual([{ question: 'Who hired you?', answer: 'Mr Hale at the bakery.', hasAudio: false }]);
  });

  it('a failed send keeps the story with "Send again", which sends the same Idempotency-Key', async () => {
    render(<TellApp token="tok" />);
    await recordAndStop();
    scriptXhrAnswers('network', { status: 201, body: '{"id":"m1"}' });
    fireEvent.click(button(tellMessages.tellSend));
    expect((await screen.findByRole('alert', undefined, { timeout: 5_000 })).textContent).toBe(tellMessages.tellSendFailed);
    await waitFor(async () => expect((await loadDraft())?.audio).toBeInstanceOf(Blob));
    fireEvent.click(button(tellMessages.tellSendAgain));
    await heading(tellMessages.tellThanksHeading);
    expect(sentXhrs).toHaveLength(2);
    expect(sentXhrs[1]!.headers[IDEMPOTENCY_KEY_HEADER]).toBe(sentXhrs[0]!.headers[IDEMPOTENCY_KEY_HEADER]);
  });

  it('a recording cut off by a closed tab is offered back: "You have a recording that was not sent"', async () => {
    const fields = {
      link: linkFingerprint('tok'),
      questionId: 'q1',
      title: 'What was your first job?',
      idempotencyKey: 'kept-key',
      recording: 'recording' as const,
      startedAt: 0,
      durationMs: 0,
      mimeType: 'audio/webm',
      typed: '',
      photos: [],
      followUp: null,
    };
    await startRecordingDraft(fields);
    await appendChunk(new Blob(['I was a baker']), 1000);
    await appendChunk(new Blob([' in the town']), 2000);
    render(<TellApp token="tok" />);
    await focused(tellMessages.tellRestored);
    expect(button(tellMessages.tellListen)).toBeTruthy();
    expect(button(tellMessages.tellRecordAgain)).toBeTruthy();
    scriptXhrAnswers({ status: 201, body: '{"id":"m1"}' });
    fireEvent.click(button(tellMessages.tellSend));
    await heading(tellMessages.tellThanksHeading);
    const form = sentXhrs[0]!.body as FormData;
    // The bytes joined in order are tellDraftStore.test.ts's (Node's Blob): fake-indexeddb cannot clone jsdom's.
    expect(form.get('audio')).toBeInstanceOf(File);
    expect(form.get('audioDuration')).toBe('2');
    expect(sentXhrs[0]!.headers[IDEMPOTENCY_KEY_HEADER]).toBe('kept-key');
  });

  it('a story kept from a link since replaced is sent as a story titled by its question, without the old question', async () => {
    await startRecordingDraft({
      link: linkFingerprint('the-old-link'),
      questionId: 'q1',
      title: 'What was your first job?',
      idempotencyKey: 'kept-key',
      recording: 'recording',
      startedAt: 0,
      durationMs: 0,
      mimeType: 'audio/webm',
      typed: '',
      photos: [],
      followUp: null,
    });
    await appendChunk(new Blob(['kept']), 1000);
    render(<TellApp token="tok" />);
    await heading(tellMessages.tellRestored);
    fireEvent.click(button(tellMessages.tellSend));
    await heading(tellMessages.tellThanksHeading);
    const form = sentXhrs[0]!.body as FormData;
    expect(form.get('title')).toBe('What was your first job?');
    expect(form.get('questionId')).toBeNull();
  });

  it('a dead link says so kindly; too many tries says to wait, and Try again asks again', async () => {
    pageAnswer = { status: 404, body: { message: 'Not found' } };
    render(<TellApp token="tok" />);
    await focused(tellMessages.tellGoneHeading);
    expect(screen.getByText(tellMessages.tellGoneBody)).toBeTruthy();
    cleanup();

    pageAnswer = { status: 429, body: { message: 'Too many' } };
    render(<TellApp token="tok" />);
    await heading(tellMessages.tellTooMany);
    pageAnswer = { status: 200, body: page };
    fireEvent.click(button(tellMessages.tellTryAgain));
    await heading('What was your first job?');
  });

  it('a refused microphone says what to do, and typing is the way out', async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn(async () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))) },
    });
    render(<TellApp token="tok" />);
    fireEvent.click(await screen.findByRole('button', { name: tellMessages.tellRecord }));
    await focused(tellMessages.tellNoMicrophoneHeading);
    fireEvent.click(button(tellMessages.tellWriteInstead));
    await heading(tellMessages.tellWriteHeading);
    expect((button(tellMessages.tellSend) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: tellMessages.tellWriteLabel }), { target: { value: 'I grew up by the sea.' } });
    scriptXhrAnswers({ status: 201, body: '{"id":"m1"}' });
    fireEvent.click(button(tellMessages.tellSend));
    await heading(tellMessages.tellThanksHeading);
    const form = sentXhrs[0]!.body as FormData;
    expect(form.get('content')).toBe('I grew up by the sea.');
    expect(form.get('audio')).toBeNull();
  });
});
