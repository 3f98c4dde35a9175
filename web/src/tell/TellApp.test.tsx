// @vitest-environment jsdom
// Issue 23 "The storyteller's side", the page as she meets it: the question, Record, Stop and
// Send to a thank-you; a refused send kept for "Send again" with the same Idempotency-Key; a
// recording kept from a closed tab offered back; a dead link and too many tries said kindly; a
// refused microphone with typing as the way out. Issue 26: a story with no connection or no
// answer kept on the phone and sent by itself with the same key; the page opened offline.
// The browser's parts are scripted (network, microphone, MediaRecorder); IndexedDB is
// fake-indexeddb; e2e/tell.spec.ts and e2e/tell-offline.spec.ts run the real server.
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../../common/idempotency-rules';
import type { TellPage } from '../../../common/storytellers';
import { tellMessages } from '../../../common/tell-messages';
import { installScriptedXhr, scriptXhrAnswers, sentXhrs } from '../test/scriptedXhr';
import { keepInOutbox, outboxOf, partsOf, removeEntry, tellOwner, updateEntry } from '../lib/outbox';
import { QUESTION_ID_FIELD } from './storyForm';
import { TellApp } from './TellApp';
import { appendChunk, clearDraft, linkFingerprint, loadDraft, saveDraft, startRecordingDraft } from './tellDraftStore';

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

/** What GET /api/tell/tok answers next ('network': no answer), and every link call made. */
let pageAnswer: { status: number; body: unknown } | 'network';
const calls: { url: string; init: RequestInit }[] = [];
const owner = tellOwner(linkFingerprint('tok'));
/** navigator.onLine, as the test sets it. */
let online = true;
const waitingStories = () => outboxOf(owner);

beforeEach(async () => {
  await clearDraft();
  for (const entry of await waitingStories()) await removeEntry(entry.id);
  calls.length = 0;
  pageAnswer = { status: 200, body: page };
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  installScriptedXhr();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    if (pageAnswer === 'network') throw new TypeError('Failed to fetch');
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

/**
 * A story written rather than recorded: what the outbox keeps must survive fake-indexeddb,
 * which cannot clone jsdom's Blobs (a recorded story waits in e2e/tell-offline.spec.ts).
 */
async function writeStory(words: string) {
  fireEvent.click(await screen.findByRole('button', { name: tellMessages.tellWriteInstead }));
  await heading(tellMessages.tellWriteHeading);
  fireEvent.change(screen.getByRole('textbox', { name: tellMessages.tellWriteLabel }), { target: { value: words } });
}

/**
 * A story kept in the outbox for `token`'s link, as Send keeps one: written, since jsdom's Blobs
 * do not survive fake-indexeddb. Answers its entry's id.
 */
async function keptStory(token: string, idempotencyKey: string, { title = 'Where did you grow up?', questionId = '' } = {}): Promise<string> {
  const form = new FormData();
  form.append('title', title);
  if (questionId) form.append(QUESTION_ID_FIELD, questionId);
  const entry = await keepInOutbox({ kind: 'story', owner: tellOwner(linkFingerprint(token)), url: `/api/tell/${token}/memories`, idempotencyKey, parts: partsOf(form), label: title });
  return entry.id;
}

/** The server's lasting refusal of a kept story, as the outbox records it. */
const refuse = (id: string, status: number, message: string | null) => updateEntry(id, (current) => ({ ...current, state: 'refused', lastStatus: status, lastMessage: message }));

async function recordAndStop() {
  fireEvent.click(await screen.findByRole('button', { name: tellMessages.tellRecord }));
  await heading(tellMessages.tellRecordingHeading);
  ScriptedRecorder.latest!.chunk('my first job ');
  fireEvent.click(button(tellMessages.tellStop));
  await heading(tellMessages.tellReviewHeading);
}

/** A story whose recording a closed tab cut off, as tellDraftStore keeps it. */
const keptFields = {
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
    // Asked about the family's question the story answers, not the day's prompt beside it.
    const asked = calls.find((call) => call.url.endsWith('/follow-up'))!;
    expect(JSON.parse(asked.init.body as string)).toEqual({ memoryContent: '', previousQuestions: [], prompt: 'What was your first job?' });
    scriptXhrAnswers({ status: 201, body: '{"id":"m1"}' });
    // Read again after the send: no other question waits, so the thank-you offers another story.
    pageAnswer = { status: 200, body: { ...page, question: null } };
    fireEvent.click(button(tellMessages.tellSend));
    await focused(tellMessages.tellThanksHeading);
    expect(button(tellMessages.tellAnotherStory)).toBeTruthy();
    expect(screen.queryByRole('button', { name: tellMessages.tellNextQuestion })).toBeNull();

    const [sent] = sentXhrs;
    expect(sent!.url).toBe('/api/tell/tok/memories');
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
    // Another question waits once this one is answered: the thank-you offers it when the page, read again, says so.
    pageAnswer = { status: 200, body: { ...page, question: { id: 'q2', text: 'Who taught you to swim?', askedBy: 'Sam Rose' } } };
    fireEvent.click(button(tellMessages.tellSend));
    await heading(tellMessages.tellThanksHeading);
    expect(await screen.findByRole('button', { name: tellMessages.tellNextQuestion })).toBeTruthy();
    const form = sentXhrs[0]!.body as FormData;
    expect(form.get('content')).toBe('Q: Who hired you?\nA: Mr Hale at the bakery.');
    expect(JSON.parse(form.get('followUpResponses') as string)).toEqual([{ question: 'Who hired you?', answer: 'Mr Hale at the bakery.', hasAudio: false }]);
  });

  it('from writing, "Record my answer instead" records, and the words typed first stay in sight beside the recording and go with it', async () => {
    render(<TellApp token="tok" />);
    await writeStory('It was a Tuesday.');
    fireEvent.click(button(tellMessages.tellRecordInstead));
    await heading(tellMessages.tellRecordingHeading);
    ScriptedRecorder.latest!.chunk('my first job ');
    fireEvent.click(button(tellMessages.tellStop));
    await heading(tellMessages.tellReviewHeading);
    expect(button(tellMessages.tellListen)).toBeTruthy();
    const words = screen.getByRole('textbox', { name: tellMessages.tellWriteLabel }) as HTMLTextAreaElement;
    expect(words.value).toBe('It was a Tuesday.');
    // Cleared to be written again, the box stays.
    fireEvent.change(words, { target: { value: '' } });
    expect(screen.getByRole('textbox', { name: tellMessages.tellWriteLabel })).toBe(words);
    fireEvent.change(words, { target: { value: 'It was a Tuesday.' } });
    scriptXhrAnswers({ status: 201, body: '{"id":"m1"}' });
    fireEvent.click(button(tellMessages.tellSend));
    await heading(tellMessages.tellThanksHeading);
    const form = sentXhrs[0]!.body as FormData;
    expect(form.get('audio')).toBeInstanceOf(File);
    expect(form.get('content')).toBe('It was a Tuesday.');
  });

  it('a refused send keeps the story with "Send again", which sends the same Idempotency-Key', async () => {
    render(<TellApp token="tok" />);
    await recordAndStop();
    scriptXhrAnswers({ status: 413, body: '{"message":"Too large"}' }, { status: 201, body: '{"id":"m1"}' });
    fireEvent.click(button(tellMessages.tellSend));
    expect((await screen.findByRole('alert', undefined, { timeout: 5_000 })).textContent).toBe(tellMessages.tellSendFailed);
    await waitFor(async () => expect((await loadDraft())?.audio).toBeInstanceOf(Blob));
    // A refusal is not sent again by itself: nothing waits.
    expect(await waitingStories()).toEqual([]);
    fireEvent.click(button(tellMessages.tellSendAgain));
    await heading(tellMessages.tellThanksHeading);
    expect(sentXhrs).toHaveLength(2);
    expect(sentXhrs[1]!.headers[IDEMPOTENCY_KEY_HEADER]).toBe(sentXhrs[0]!.headers[IDEMPOTENCY_KEY_HEADER]);
  });

  it('a send with no answer is kept on the phone and sent by itself with the same key, with no tap, and "Sent" is said and shown', async () => {
    render(<TellApp token="tok" />);
    await writeStory('I swept the bakery floor.');
    // No answer to the send, then the outbox's own send (straight away: the page is online) is taken.
    scriptXhrAnswers('network', { status: 201, body: '{"id":"m1"}' });
    fireEvent.click(button(tellMessages.tellSend));
    await waitFor(() => expect(screen.getByText(tellMessages.tellWaitingSent('What was your first job?'))).toBeTruthy(), { timeout: 5_000 });
    // The story this screen said was kept has gone: the screen thanks her, never "kept" beside "Sent".
    await focused(tellMessages.tellThanksHeading);
    expect(screen.queryByText(tellMessages.tellKeptBody)).toBeNull();
    expect(sentXhrs).toHaveLength(2);
    expect(sentXhrs[1]!.url).toBe('/api/tell/tok/memories');
    expect(sentXhrs[1]!.headers[IDEMPOTENCY_KEY_HEADER]).toBe(sentXhrs[0]!.headers[IDEMPOTENCY_KEY_HEADER]);
    expect((sentXhrs[1]!.body as FormData).get('questionId')).toBe('q1');
    expect((sentXhrs[1]!.body as FormData).get('content')).toBe('I swept the bakery floor.');
    expect(await waitingStories()).toEqual([]);
    expect(await loadDraft()).toBeNull();
  });

  it('the connection lost while she writes: the note that Send will keep her story shows, and goes when it is back', async () => {
    render(<TellApp token="tok" />);
    await writeStory('I swept the bakery floor.');
    expect(screen.queryByText(tellMessages.tellOfflineSend)).toBeNull();
    online = false;
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByText(tellMessages.tellOfflineSend)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: tellMessages.tellWriteLabel }) as HTMLTextAreaElement).value).toBe('I swept the bakery floor.');
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText(tellMessages.tellOfflineSend)).toBeNull());
  });

  it('offline, Send keeps the story at once with no attempt; it waits in the list and goes when the connection returns', async () => {
    render(<TellApp token="tok" />);
    await writeStory('I swept the bakery floor.');
    online = false;
    fireEvent.click(button(tellMessages.tellSend));
    await focused(tellMessages.tellKeptHeading);
    expect(sentXhrs).toHaveLength(0);
    const list = screen.getByRole('region', { name: tellMessages.tellWaitingHeading });
    expect(list.textContent).toContain('What was your first job?');
    expect(list.textContent).toContain(tellMessages.tellWaitingToSend);
    await waitFor(async () => expect(await loadDraft()).toBeNull());
    const [kept] = await waitingStories();
    expect(kept).toMatchObject({ kind: 'story', url: '/api/tell/tok/memories', label: 'What was your first job?', state: 'waiting' });

    scriptXhrAnswers({ status: 201, body: '{"id":"m1"}' });
    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.getByText(tellMessages.tellWaitingSent('What was your first job?'))).toBeTruthy(), { timeout: 5_000 });
    expect(sentXhrs).toHaveLength(1);
    expect(sentXhrs[0]!.headers[IDEMPOTENCY_KEY_HEADER]).toBe(kept!.idempotencyKey);
    await waitFor(() => expect(screen.queryByRole('region', { name: tellMessages.tellWaitingHeading })).toBeNull());
    // Her list of stories is read again once one has gone.
    expect(calls.filter((call) => call.url === '/api/tell/tok')).toHaveLength(2);
  });

  it('opened with no connection: a kept story can be reviewed and Send keeps it; with none, her waiting stories and a plain offline message', async () => {
    // Written, not recorded: what waits must survive fake-indexeddb (see writeStory).
    await saveDraft({ ...keptFields, recording: 'none', typed: 'I was a baker.' });
    pageAnswer = 'network';
    online = false;
    render(<TellApp token="tok" />);
    await focused(tellMessages.tellRestoredWritten);
    expect(screen.getByText(tellMessages.tellOfflineSend)).toBeTruthy();
    fireEvent.click(button(tellMessages.tellSend));
    await focused(tellMessages.tellKeptHeading);
    expect((await waitingStories()).map((entry) => entry.idempotencyKey)).toEqual(['kept-key']);
    cleanup();

    render(<TellApp token="tok" />);
    await focused(tellMessages.tellOfflineHeading);
    expect(screen.getByText(tellMessages.tellOfflineBody)).toBeTruthy();
    expect(screen.getByRole('region', { name: tellMessages.tellWaitingHeading }).textContent).toContain(tellMessages.tellWaitingToSend);
    expect(sentXhrs).toHaveLength(0);

    // The connection back: the page opens by itself on the question, and the kept story goes.
    pageAnswer = { status: 200, body: page };
    scriptXhrAnswers({ status: 201, body: '{"id":"m1"}' });
    online = true;
    window.dispatchEvent(new Event('online'));
    await focused('What was your first job?');
    await waitFor(() => expect(screen.getByText(tellMessages.tellWaitingSent('What was your first job?'))).toBeTruthy(), { timeout: 5_000 });
    expect(sentXhrs[0]!.headers[IDEMPOTENCY_KEY_HEADER]).toBe('kept-key');
  });

  it('a waiting story the server refused says so with its words, with Try again, and Remove asked first', async () => {
    await refuse(await keptStory('tok', 'k-refused'), 413, 'This story is too large.');
    render(<TellApp token="tok" />);
    const list = await screen.findByRole('region', { name: tellMessages.tellWaitingHeading }, { timeout: 5_000 });
    expect(list.textContent).toContain(`${tellMessages.tellWaitingNotSent} This story is too large.`);
    expect(list.textContent).not.toContain(tellMessages.tellWaitingNewLink);
    fireEvent.click(screen.getByRole('button', { name: tellMessages.tellWaitingRemove }));
    expect(screen.getByRole('alert').textContent).toBe(tellMessages.tellWaitingRemoveAsk);
    await waitFor(() => expect(document.activeElement).toBe(button(tellMessages.tellWaitingRemoveNo)));
    fireEvent.click(button(tellMessages.tellWaitingRemoveNo));
    expect(await waitingStories()).toHaveLength(1);

    scriptXhrAnswers({ status: 201, body: '{"id":"m9"}' });
    fireEvent.click(screen.getAllByRole('button', { name: tellMessages.tellTryAgain })[0]!);
    await waitFor(() => expect(screen.getByText(tellMessages.tellWaitingSent('Where did you grow up?'))).toBeTruthy(), { timeout: 5_000 });
    expect(sentXhrs.map((xhr) => xhr.headers[IDEMPOTENCY_KEY_HEADER])).toEqual(['k-refused']);
  });

  it('a waiting story refused because its link was stopped offers no Try again, which could never work, and says a new link takes it', async () => {
    await refuse(await keptStory('tok', 'k-stopped'), 404, 'This link no longer works.');
    render(<TellApp token="tok" />);
    const list = await screen.findByRole('region', { name: tellMessages.tellWaitingHeading }, { timeout: 5_000 });
    expect(list.textContent).toContain(`${tellMessages.tellWaitingNotSent} This link no longer works. ${tellMessages.tellWaitingNewLink}`);
    expect(screen.queryByRole('button', { name: tellMessages.tellTryAgain })).toBeNull();
    expect(button(tellMessages.tellWaitingRemove)).toBeTruthy();
    expect(sentXhrs).toHaveLength(0);
  });

  it("opened through a working link, it takes the stories a stopped link left on this phone, without that link's question, and sends them; a story waiting for a link that works stays that link's", async () => {
    const oldOwner = tellOwner(linkFingerprint('old'));
    await refuse(await keptStory('old', 'k-stranded', { questionId: 'q-old' }), 404, 'This link no longer works.');
    await keptStory('old', 'k-waiting', { title: 'Who taught you to swim?' });
    try {
      scriptXhrAnswers({ status: 201, body: '{"id":"m7"}' });
      render(<TellApp token="tok" />);
      await waitFor(() => expect(screen.getByText(tellMessages.tellWaitingSent('Where did you grow up?'))).toBeTruthy(), { timeout: 5_000 });
      expect(sentXhrs.map((xhr) => [xhr.url, xhr.headers[IDEMPOTENCY_KEY_HEADER]])).toEqual([['/api/tell/tok/memories', 'k-stranded']]);
      const sent = sentXhrs[0]!.body as FormData;
      expect(sent.get('title')).toBe('Where did you grow up?');
      expect(sent.has(QUESTION_ID_FIELD)).toBe(false);
      expect((await outboxOf(oldOwner)).map((entry) => [entry.idempotencyKey, entry.state])).toEqual([['k-waiting', 'waiting']]);
    } finally {
      for (const entry of await outboxOf(oldOwner)) await removeEntry(entry.id);
    }
  });

  it('a stopped link takes nothing: its page cannot send, so a story of another link stays where it is', async () => {
    const oldOwner = tellOwner(linkFingerprint('old'));
    await refuse(await keptStory('old', 'k-left'), 404, null);
    try {
      pageAnswer = { status: 404, body: { message: 'This link no longer works.' } };
      render(<TellApp token="tok" />);
      await focused(tellMessages.tellGoneHeading);
      expect((await outboxOf(oldOwner)).map((entry) => entry.idempotencyKey)).toEqual(['k-left']);
      expect(await waitingStories()).toEqual([]);
    } finally {
      for (const entry of await outboxOf(oldOwner)) await removeEntry(entry.id);
    }
  });

  it('"Record again" asks first: "Keep my recording", where the keyboard lands, keeps it; "Yes, record again" starts anew', async () => {
    render(<TellApp token="tok" />);
    await focused('What was your first job?');
    await recordAndStop();
    const first = ScriptedRecorder.latest;
    fireEvent.click(button(tellMessages.tellRecordAgain));
    expect(screen.getByRole('alert').textContent).toBe(tellMessages.tellRecordAgainAsk);
    await waitFor(() => expect(document.activeElement).toBe(button(tellMessages.tellRecordAgainNo)));
    expect(ScriptedRecorder.latest).toBe(first);
    fireEvent.click(button(tellMessages.tellRecordAgainNo));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(button(tellMessages.tellListen)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(tellMessages.tellReviewHeading);

    fireEvent.click(button(tellMessages.tellRecordAgain));
    fireEvent.click(button(tellMessages.tellRecordAgainYes));
    await heading(tellMessages.tellRecordingHeading);
    expect(ScriptedRecorder.latest).not.toBe(first);
  });

  it('Remove, once confirmed, forgets a refused story', async () => {
    await refuse(await keptStory('tok', 'k-gone'), 404, null);
    render(<TellApp token="tok" />);
    fireEvent.click(await screen.findByRole('button', { name: tellMessages.tellWaitingRemove }, { timeout: 5_000 }));
    fireEvent.click(button(tellMessages.tellWaitingRemoveYes));
    await waitFor(() => expect(screen.queryByRole('region', { name: tellMessages.tellWaitingHeading })).toBeNull());
    expect(await waitingStories()).toEqual([]);
    expect(sentXhrs).toHaveLength(0);
  });

  it('a recording cut off by a closed tab is offered back: "You have a recording that was not sent"', async () => {
    await startRecordingDraft(keptFields);
    await appendChunk(new Blob(['I was a baker']), 1000);
    await appendChunk(new Blob([' in the town']), 2000);
    render(<TellApp token="tok" />);
    await focused(tellMessages.tellRestored);
    expect(button(tellMessages.tellListen)).toBeTruthy();
    expect(button(tellMessages.tellRecordAgain)).toBeTruthy();
    scriptXhrAnswers({ status: 201, body: '{"id":"m1"}' });
    // Another question waits once this one is answered: the thank-you offers it when the page, read again, says so.
    pageAnswer = { status: 200, body: { ...page, question: { id: 'q2', text: 'Who taught you to swim?', askedBy: 'Sam Rose' } } };
    fireEvent.click(button(tellMessages.tellSend));
    await heading(tellMessages.tellThanksHeading);
    expect(await screen.findByRole('button', { name: tellMessages.tellNextQuestion })).toBeTruthy();
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
    // Another question waits once this one is answered: the thank-you offers it when the page, read again, says so.
    pageAnswer = { status: 200, body: { ...page, question: { id: 'q2', text: 'Who taught you to swim?', askedBy: 'Sam Rose' } } };
    fireEvent.click(button(tellMessages.tellSend));
    await heading(tellMessages.tellThanksHeading);
    expect(await screen.findByRole('button', { name: tellMessages.tellNextQuestion })).toBeTruthy();
    const form = sentXhrs[0]!.body as FormData;
    expect(form.get('content')).toBe('I grew up by the sea.');
    expect(form.get('audio')).toBeNull();
  });
});
