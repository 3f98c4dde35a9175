// The effects of the storyteller's page: the link's calls, the microphone, and the draft kept
// in IndexedDB at every change, so what she said is on the device before anything is sent.
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { CAPTURE_IMAGES_MAX, FOLLOW_UP_ANSWER_MAX_MS, RECORDING_MAX_MS } from '../../../common/limits';
import { tellMessages } from '../../../common/tell-messages';
import { newIdempotencyKey } from '../api/idempotency';
import { tellApi } from '../api/tell';
import { storyForm } from './storyForm';
import { appendChunk, clearDraft, linkFingerprint, loadDraft, saveDraft, startRecordingDraft, type TellDraft } from './tellDraftStore';
import { canSend, initialTellState, tellReducer } from './tellFlow';
import { useRecorder } from './useRecorder';

const statusOf = (error: unknown): number => (typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : 0);

/** The draft without its joined recording, as tellDraftStore keeps it. */
function fieldsOf({ audio: _audio, ...fields }: TellDraft) {
  return fields;
}

/** A draft that cannot be kept (private browsing without IndexedDB) must not stop the story. */
const keep = (work: Promise<unknown>) => work.catch((error: unknown) => console.error('The draft could not be kept', error));

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
    try {
      dispatch({ type: 'opened', page: await tellApi.page(token), kept });
    } catch (error) {
      dispatch({ type: 'refused', status: statusOf(error), kept });
    }
  }, [token]);

  useEffect(() => {
    void open();
  }, [open]);

  // Every change of the story but the chunks of a recording under way, which come on their own.
  const draft = state.draft;
  useEffect(() => {
    if (draft && draft.recording !== 'recording') void keep(saveDraft(fieldsOf(draft)));
  }, [draft]);

  const recorder = useRecorder({
    onStarted: (mimeType) => {
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
      void startRecorder(target === 'story' ? RECORDING_MAX_MS : FOLLOW_UP_ANSWER_MAX_MS);
    },
    [startRecorder],
  );

  // A follow-up question, asked once the story is recorded or written: part of the same story,
  // answered (or not) before Send, so the 3 taps stay 3.
  const page = state.page;
  const screen = state.screen.name;
  useEffect(() => {
    if (screen !== 'review' || !draft || draft.followUp || askedFollowUp.current || !page) return;
    askedFollowUp.current = true;
    tellApi
      .followUp(token, { memoryContent: draft.typed, previousQuestions: [], title: draft.title, prompt: page.prompt })
      .then(({ question }) => question.trim() && dispatch({ type: 'followUpAsked', question: question.trim() }))
      .catch(() => {});
  }, [screen, draft, page, token]);

  const link = state.link;
  const send = useCallback(async () => {
    if (!canSend(draft)) return;
    dispatch({ type: 'sending', percent: 0 });
    try {
      await tellApi.sendStory(token, storyForm(draft, link), draft.idempotencyKey, (percent) => dispatch({ type: 'sending', percent }));
    } catch (error) {
      const status = statusOf(error);
      dispatch({ type: 'sendFailed', status, message: status === 429 ? tellMessages.tellTooMany : tellMessages.tellSendFailed });
      return;
    }
    await keep(clearDraft());
    askedFollowUp.current = false;
    dispatch({ type: 'sent' });
  }, [draft, link, token]);

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
  };
}
