// The storyteller's page as one state machine (issue 23 "The storyteller's side"): which screen
// shows, and the story being made. Pure, so every path (a refused microphone, a closed tab, a
// lost answer, no connection) is a test of transitions; useTellFlow.ts runs the effects.
import { FOLLOW_UP_ANSWER_MAX_MS, RECORDING_MAX_MS } from '../../../common/limits';
import type { TellPage } from '../../../common/storytellers';
import type { TellDraft, TellFollowUp } from './tellDraftStore';

export type Screen =
  | { name: 'opening' }
  /** 404: the link was stopped or replaced (DESIGN: an unknown or revoked token). */
  | { name: 'gone' }
  | { name: 'tooMany' }
  | { name: 'unreachable' }
  /** Opened with no connection and nothing of hers to review (issue 26): her waiting stories still show. */
  | { name: 'offline' }
  | { name: 'ask' }
  | { name: 'recording'; target: 'story' | 'followUp' }
  | { name: 'review'; restored: boolean }
  | { name: 'writing'; restored: boolean }
  | { name: 'noMicrophone'; target: 'story' | 'followUp' }
  | { name: 'sending'; percent: number }
  | { name: 'failed'; message: string }
  | { name: 'sent' }
  /** Kept in the outbox (issue 26), as its entry there: it goes by itself when there is a connection. */
  | { name: 'kept'; entryId: string };

export interface TellState {
  screen: Screen;
  page: TellPage | null;
  draft: TellDraft | null;
  /** The link's fingerprint (tellDraftStore.ts linkFingerprint). */
  link: string;
  /** The page's last call had no answer: Send keeps the story for later, and says so first. */
  offline: boolean;
}

export type TellAction =
  | { type: 'open' }
  | { type: 'opened'; page: TellPage; kept: TellDraft | null }
  | { type: 'refused'; status: number; kept: TellDraft | null }
  | { type: 'record'; target: 'story' | 'followUp'; idempotencyKey: string; mimeType: string; now: number }
  | { type: 'recorded'; target: 'story' | 'followUp'; audio: Blob; durationMs: number }
  | { type: 'microphoneRefused'; target: 'story' | 'followUp' }
  | { type: 'write'; idempotencyKey: string; now: number }
  | { type: 'typed'; text: string }
  | { type: 'photosAdded'; photos: File[]; max: number }
  | { type: 'photoRemoved'; index: number }
  | { type: 'followUpAsked'; question: string }
  | { type: 'followUpTyped'; text: string }
  | { type: 'followUpCleared' }
  | { type: 'sending'; percent: number }
  | { type: 'sendFailed'; status: number; message: string }
  | { type: 'sent' }
  | { type: 'kept'; entryId: string }
  /** A story of hers in the outbox went: the one this screen says is kept, it is thanked for as sent. */
  | { type: 'waitingSent'; entryId: string }
  /** The connection is back (the browser's `online`): Send no longer says it will wait. */
  | { type: 'online' }
  /** The connection went (the browser's `offline`) while she tells: Send says first that it will keep the story. */
  | { type: 'offline' }
  /**
   * The page read again after a waiting story went from the outbox: her stories, and the next
   * question (the one it answered is done). The screen stays as it is; a story under way keeps its own.
   */
  | { type: 'pageRead'; page: TellPage };

export const initialTellState = (link: string): TellState => ({ screen: { name: 'opening' }, page: null, draft: null, link, offline: false });

/** A new story for the page's question, or the day's prompt when none waits; photos and words kept. */
function freshDraft(state: TellState, idempotencyKey: string, now: number, mimeType: string): TellDraft {
  const page = state.page!;
  return {
    link: state.link,
    questionId: page.question?.id ?? null,
    title: page.question?.text ?? page.prompt,
    idempotencyKey,
    recording: 'none',
    startedAt: now,
    durationMs: 0,
    mimeType,
    typed: state.draft?.typed ?? '',
    photos: state.draft?.photos ?? [],
    followUp: state.draft?.followUp ?? null,
    audio: null,
  };
}

function withFollowUp(draft: TellDraft, change: Partial<TellFollowUp>): TellDraft {
  if (!draft.followUp) return draft;
  return { ...draft, followUp: { ...draft.followUp, ...change } };
}

/** Where the story waits once it has something to send. */
const storyScreen = (draft: TellDraft, restored = false): Screen =>
  draft.audio ? { name: 'review', restored } : { name: 'writing', restored };

export function tellReducer(state: TellState, action: TellAction): TellState {
  const draft = state.draft;
  switch (action.type) {
    case 'open':
      return { ...state, screen: { name: 'opening' } };
    case 'opened': {
      const kept = action.kept;
      const hasStory = kept !== null && (kept.audio !== null || kept.typed.trim() !== '');
      return { ...state, page: action.page, draft: kept, offline: false, screen: hasStory ? storyScreen(kept, true) : { name: 'ask' } };
    }
    case 'refused': {
      // What is kept on the device is said on the screens that refuse, so nobody thinks it lost.
      const kept = { ...state, draft: action.kept ?? state.draft };
      if (action.status === 0) {
        // No connection (issue 26): her kept story can still be reviewed and sent (it waits);
        // else the question already on screen, for another story; else her waiting stories.
        const offline = { ...kept, offline: true };
        if (canSend(offline.draft)) return { ...offline, screen: storyScreen(offline.draft, true) };
        return { ...offline, screen: offline.page ? { name: 'ask' } : { name: 'offline' } };
      }
      if (action.status === 404) return { ...kept, screen: { name: 'gone' } };
      if (action.status === 429) return { ...kept, screen: { name: 'tooMany' } };
      return { ...kept, screen: { name: 'unreachable' } };
    }
    case 'record':
      if (action.target === 'followUp') return draft ? { ...state, screen: { name: 'recording', target: 'followUp' } } : state;
      // "Record again" is a new story: a new key, or a resend of the old one would answer the old recording.
      return {
        ...state,
        draft: { ...freshDraft(state, action.idempotencyKey, action.now, action.mimeType), recording: 'recording' },
        screen: { name: 'recording', target: 'story' },
      };
    case 'recorded':
      if (!draft) return state;
      if (action.target === 'followUp') {
        const seconds = action.durationMs / 1000;
        return { ...state, draft: withFollowUp(draft, { audio: action.audio, audioDuration: seconds }), screen: storyScreen(draft) };
      }
      return { ...state, draft: { ...draft, recording: 'done', audio: action.audio, durationMs: action.durationMs }, screen: { name: 'review', restored: false } };
    case 'microphoneRefused':
      return { ...state, screen: { name: 'noMicrophone', target: action.target } };
    case 'write':
      // From a refused microphone with a story already recorded (its follow-up's): back to it.
      if (draft?.audio) return { ...state, screen: { name: 'review', restored: false } };
      return {
        ...state,
        draft: draft ?? freshDraft(state, action.idempotencyKey, action.now, ''),
        screen: { name: 'writing', restored: false },
      };
    case 'typed':
      return draft ? { ...state, draft: { ...draft, typed: action.text } } : state;
    case 'photosAdded': {
      if (!draft) return state;
      const photos = [...draft.photos, ...action.photos].slice(0, action.max);
      return { ...state, draft: { ...draft, photos } };
    }
    case 'photoRemoved':
      return draft ? { ...state, draft: { ...draft, photos: draft.photos.filter((_, index) => index !== action.index) } } : state;
    case 'followUpAsked':
      if (!draft || draft.followUp) return state;
      return { ...state, draft: { ...draft, followUp: { question: action.question, text: '', audio: null, audioDuration: null } } };
    case 'followUpTyped':
      return draft ? { ...state, draft: withFollowUp(draft, { text: action.text }) } : state;
    case 'followUpCleared':
      return draft ? { ...state, draft: withFollowUp(draft, { text: '', audio: null, audioDuration: null }) } : state;
    case 'sending':
      return { ...state, screen: { name: 'sending', percent: action.percent } };
    case 'sendFailed':
      // The link died meanwhile: the kind message, the story still kept on the device.
      if (action.status === 404) return { ...state, screen: { name: 'gone' } };
      return { ...state, screen: { name: 'failed', message: action.message } };
    case 'sent':
    case 'kept': {
      // The question it answers is not offered again (the thank-you offers a next question only
      // when the page, read again, has another): another story is the day's prompt.
      const page = state.page;
      const answered = page?.question && draft?.questionId === page.question.id && draft.link === state.link;
      const screen: Screen = action.type === 'kept' ? { name: 'kept', entryId: action.entryId } : { name: 'sent' };
      return { ...state, draft: null, page: page && answered ? { ...page, question: null } : page, screen };
    }
    case 'waitingSent':
      return state.screen.name === 'kept' && state.screen.entryId === action.entryId ? { ...state, screen: { name: 'sent' } } : state;
    case 'online':
      return state.offline ? { ...state, offline: false } : state;
    case 'offline':
      return state.offline ? state : { ...state, offline: true };
    case 'pageRead':
      return state.page ? { ...state, offline: false, page: action.page } : state;
  }
}

/** The story has something in it to send: a recording, or typed words. */
export function canSend(draft: TellDraft | null): draft is TellDraft {
  return draft !== null && (draft.audio !== null || draft.typed.trim() !== '');
}

/** How long a recording may run before it stops by itself: a story's 10 minutes, a follow-up answer's 30 s. */
export const recordingLimitMs = (target: 'story' | 'followUp') => (target === 'story' ? RECORDING_MAX_MS : FOLLOW_UP_ANSWER_MAX_MS);
