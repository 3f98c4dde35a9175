// The effects of the storyteller's page: the link's calls, the microphone, and the draft kept
// in IndexedDB at every change, so what she said is on the device before anything is sent.
// A story that cannot go now (no connection, no answer, a 5xx) goes into the outbox (issue 26),
// which this page sends while it is open, and the service worker when it is not.
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { CAPTURE_IMAGES_MAX } from '../../../common/limits';
import { tellMessages } from '../../../common/tell-messages';
import { newIdempotencyKey } from '../api/idempotency';
import { tellApi, tellStoryUrl } from '../api/tell';
import { askToKeepStorage, keepInOutbox, onOutboxEvent, OutboxFullError, partsOf, removeEntry, retryEntry, startOutbox, tellOwner, useOutbox, waitsAfter } from '../lib/outbox';
import { storyForm } from './storyForm';
import { adoptStrandedStories } from './strandedStories';
import { appendChunk, clearDraft, linkFingerprint, loadDraft, saveDraft, startRecordingDraft, type TellDraft } from './tellDraftStore';
import { canSend, initialTellState, recordingLimitMs, tellReducer } from './tellFlow';
import { useRecorder } from './useRecorder';

const statusOf = (error: unknown): number => (typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : 0);

/** The draft without its joined recording, as tellDraftStore keeps it. */
function fieldsOf({ audio: _audio, ...fields }: TellDraft) {
  return fields;
}

/** A draft that cannot be kept (private browsing without IndexedDB) must not stop the story. */
const keep = (work: Promise<unknown>) => work.catch((error: unknown) => console.error('The draft could not be kept', error));

/** No connection at all: the story is kept straight away, with no attempt that would only fail. */
const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function useTellFlow(token: string) {
  const [state, dispatch] = useReducer(tellReducer, linkFingerprint(token), initialTellState);
  // Read by the recorder's callbacks, which run outside React: up to date before anything can be pressed.
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });
  const askedFollowUp = useRef(false);
  const targetRef = useRef<'story' | 'followUp'>('story');

  const open = useCallback(async () => {
    dispatch({ type: 'open' });
    const kept = await loadDraft().catch(() => null);
    let page;
    try {
      page = await tellApi.page(token);
    } catch (error) {
      dispatch({ type: 'refused', status: statusOf(error), kept });
      return;
    }
    // This link works: stories an older link of hers left refused go through it (strandedStories.ts).
    await adoptStrandedStories(token, linkFingerprint(token)).catch((error: unknown) => console.error('The stories of an older link could not be taken', error));
    dispatch({ type: 'opened', page, kept });
  }, [token]);

  useEffect(() => {
    void open();
  }, [open]);

  // The connection back: a page that opened with none opens properly now, by itself. The
  // connection gone while she tells: her story's screen says Send will keep it.
  const screenName = state.screen.name;
  useEffect(() => {
    const onOnline = () => (screenName === 'offline' ? void open() : dispatch({ type: 'online' }));
    const onOffline = () => dispatch({ type: 'offline' });
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, [screenName, open]);

  // Her waiting stories go while the page is open: now, on `online`, when shown again, on the
  // service worker's wake-up, with no tap. Each one sent is said, and her list of stories read again.
  const owner = tellOwner(state.link);
  const waiting = useOutbox(owner);
  const labels = useRef(new Map<string, string>());
  useEffect(() => {
    for (const entry of waiting.entries) labels.current.set(entry.id, entry.label);
  }, [waiting.entries]);
  const [sentNote, setSentNote] = useState('');
  // The outbox's entries of hers it has sent: online, one may go before Send has finished keeping it.
  const sentFromOutbox = useRef(new Set<string>());
  // Her stories and the next question, read again once a story went; a read that fails leaves the page as it is.
  const readPageAgain = useCallback(() => {
    tellApi
      .page(token)
      .then((page) => dispatch({ type: 'pageRead', page }))
      .catch(() => {});
  }, [token]);
  useEffect(() => {
    const stop = startOutbox(owner);
    const unsubscribe = onOutboxEvent((event) => {
      if (event.type !== 'sent' || event.entry.owner !== owner) return;
      const title = labels.current.get(event.entry.id);
      setSentNote(title ? tellMessages.tellWaitingSent(title) : tellMessages.tellThanksBody);
      sentFromOutbox.current.add(event.entry.id);
      dispatch({ type: 'waitingSent', entryId: event.entry.id });
      readPageAgain();
    });
    return () => {
      stop();
      unsubscribe();
    };
  }, [owner, readPageAgain]);

  // Every change of the story but the chunks of a recording under way, which come on their own.
  const draft = state.draft;
  useEffect(() => {
    if (draft && draft.recording !== 'recording') void keep(saveDraft(fieldsOf(draft)));
  }, [draft]);

  const recorder = useRecorder({
    onStarted: (mimeType) => {
      // A new recording: the word that an earlier story went has been heard.
      setSentNote('');
      const action = { type: 'record', target: targetRef.current, idempotencyKey: newIdempotencyKey(), mimeType, now: Date.now() } as const;
      // The draft as it starts is kept before the first chunk comes, from the same pure step the screen takes.
      const started = tellReducer(stateRef.current, action).draft;
      dispatch(action);
      if (action.target === 'story' && started) void keep(startRecordingDraft(fieldsOf(started)));
    },
    onChunk: (chunk, durationMs) => {
      if (targetRef.current === 'story') void keep(appendChunk(chunk, durationMs));
    },
    onRecorded: ({ audio, durationMs }) => dispatch({ type: 'recorded', target: targetRef.current, audio, durationMs }),
    onRefused: () => dispatch({ type: 'microphoneRefused', target: targetRef.current }),
  });
  const startRecorder = recorder.start;
  const record = useCallback(
    (target: 'story' | 'followUp') => {
      targetRef.current = target;
      void startRecorder(recordingLimitMs(target));
    },
    [startRecorder],
  );

  // A follow-up question, asked once the story is recorded or written: part of the same story,
  // answered (or not) before Send, so the 3 taps stay 3. The story's title is the question it
  // answers (the family's, or the day's prompt when none waits), so that goes as its prompt.
  const screen = state.screen.name;
  useEffect(() => {
    if (screen !== 'review' || !draft || draft.followUp || askedFollowUp.current) return;
    askedFollowUp.current = true;
    tellApi
      .followUp(token, { memoryContent: draft.typed, previousQuestions: [], prompt: draft.title })
      .then(({ question }) => question.trim() && dispatch({ type: 'followUpAsked', question: question.trim() }))
      .catch(() => {});
  }, [screen, draft, token]);

  const link = state.link;
  const send = useCallback(async () => {
    if (!canSend(draft)) return;
    const form = storyForm(draft, link);
    if (!isOffline()) {
      dispatch({ type: 'sending', percent: 0 });
      try {
        await tellApi.sendStory(token, form, draft.idempotencyKey, (percent) => dispatch({ type: 'sending', percent }));
        await keep(clearDraft());
        askedFollowUp.current = false;
        dispatch({ type: 'sent' });
        // The thank-you shows at once; what it offers next follows the page as read now.
        readPageAgain();
        return;
      } catch (error) {
        const status = statusOf(error);
        // A refusal (a stopped link, a file refused) is said now; a send that may yet go waits.
        if (!waitsAfter(status)) {
          dispatch({ type: 'sendFailed', status, message: tellMessages.tellSendFailed });
          return;
        }
      }
    }
    let entryId: string;
    try {
      // The same form and key as the attempt: however often it goes, the server makes one story.
      ({ id: entryId } = await keepInOutbox({ kind: 'story', owner: tellOwner(link), url: tellStoryUrl(token), idempotencyKey: draft.idempotencyKey, parts: partsOf(form), label: draft.title }));
    } catch (error) {
      // Not kept for later: the draft stays (it is on the device already), and she is told.
      console.error('The story could not be kept to send later', error);
      dispatch({ type: 'sendFailed', status: 0, message: error instanceof OutboxFullError ? tellMessages.tellDeviceFull : tellMessages.tellSendFailed });
      return;
    }
    void askToKeepStorage();
    await keep(clearDraft());
    askedFollowUp.current = false;
    // Gone already while it was being put away: she is thanked, not told it waits.
    dispatch(sentFromOutbox.current.has(entryId) ? { type: 'sent' } : { type: 'kept', entryId });
  }, [draft, link, token, readPageAgain]);

  return {
    state,
    elapsedMs: recorder.elapsedMs,
    recordStory: () => record('story'),
    recordFollowUp: () => record('followUp'),
    stop: recorder.stop,
    write: () => dispatch({ type: 'write', idempotencyKey: newIdempotencyKey(), now: Date.now() }),
    type: (text: string) => dispatch({ type: 'typed', text }),
    addPhotos: (photos: File[]) => dispatch({ type: 'photosAdded', photos, max: CAPTURE_IMAGES_MAX }),
    removePhoto: (index: number) => dispatch({ type: 'photoRemoved', index }),
    typeFollowUp: (text: string) => dispatch({ type: 'followUpTyped', text }),
    clearFollowUp: () => dispatch({ type: 'followUpCleared' }),
    send,
    reopen: open,
    waiting,
    sentNote,
    retryWaiting: (id: string) => void retryEntry(id, owner).catch((error: unknown) => console.error('The story could not be sent again', error)),
    removeWaiting: (id: string) => void removeEntry(id).catch((error: unknown) => console.error('The story could not be removed', error)),
  };
}
