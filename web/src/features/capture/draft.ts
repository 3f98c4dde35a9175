// What the capture wizard holds between its steps (memories §2, §3 "Memory creation form"),
// and what is kept in the browser until it is saved or knowingly discarded (DESIGN "Drafts
// live in the browser").
import { messages } from '../../../../common/messages';

/** Typing is written after this pause; a recording or a file is written at once. */
export const DRAFT_SAVE_DEBOUNCE_MS = 400;

export type CaptureStep = 'start' | 'follow-up-prompt' | 'questions' | 'timeline' | 'sharing';

/** memories §2: 'private' (only you) or 'timeline' ('Selective Sharing'). */
export type SharingMode = 'private' | 'timeline';

export interface CaptureVideo {
  file: File;
  /** The captured frame (memories §2), null while capturing or when the browser cannot decode it. */
  thumbnail: string | null;
}

/** An answered follow-up question; a spoken answer keeps its recording (DESIGN "Voice is never dropped"). */
export interface FollowUpAnswer {
  question: string;
  answer: string;
  audio: Blob | null;
  /** Seconds of `audio`. */
  audioDuration: number | null;
}

export interface CaptureDraft {
  title: string;
  notes: string;
  transcription: string;
  recording: Blob | null;
  /** Seconds of `recording`, as the recorder measured it. */
  recordingDuration: number | null;
  /** Saved without waiting for its words (issue 22): the server writes them after the save. */
  transcriptionPending: boolean;
  images: File[];
  video: CaptureVideo | null;
  /** Answered follow-up questions, appended to the content on save. */
  followUps: FollowUpAnswer[];
  /** Every question asked so far, so the next is never a repeat (memories §7 previousQuestions). */
  askedQuestions: string[];
  /** The question on screen in the questions step, and the answer being given to it. */
  question: string | null;
  answer: string;
  answerAudio: Blob | null;
  answerAudioDuration: number | null;
  /** Null until the person touches the checklist: the active timeline, else the first. */
  timelineIds: string[] | null;
  sharing: SharingMode;
  /** Null until the person touches the member list: the active timeline's other members. */
  sharedWith: string[] | null;
  /** The day's prompt tapped on Home: the title suggestion, sent with the follow-up requests so no question asks it back. */
  prompt: string | null;
  /**
   * Sent with every attempt to save this draft (issue 20 "Never twice"): made at the first
   * Save, kept with the draft through retries and reloads, gone with the draft once saved.
   */
  idempotencyKey: string | null;
}

export const emptyDraft: CaptureDraft = {
  title: '',
  notes: '',
  transcription: '',
  recording: null,
  recordingDuration: null,
  transcriptionPending: false,
  images: [],
  video: null,
  followUps: [],
  askedQuestions: [],
  question: null,
  answer: '',
  answerAudio: null,
  answerAudioDuration: null,
  timelineIds: null,
  // DESIGN "Sharing default": a timeline is a family's shared space; private is the exception.
  sharing: 'timeline',
  sharedWith: null,
  prompt: null,
  idempotencyKey: null,
};

/** A fresh draft about one of the day's prompts: the prompt is the suggested title. */
export function draftFromPrompt(prompt: string): CaptureDraft {
  return { ...emptyDraft, title: prompt, prompt };
}

/** The draft with its Idempotency-Key, made now if it has none yet (the same draft when it has). */
export function withIdempotencyKey(draft: CaptureDraft, newKey: () => string): CaptureDraft {
  return draft.idempotencyKey ? draft : { ...draft, idempotencyKey: newKey() };
}

/** The text the follow-up question is asked about: the notes and what was said. */
export function memoryText(draft: CaptureDraft): string {
  return [draft.notes.trim(), draft.transcription.trim()].filter(Boolean).join('\n\n');
}

/** memories §5: a recording, text, photos or a video. */
export function hasContent(draft: CaptureDraft): boolean {
  return Boolean(draft.recording || memoryText(draft) || draft.images.length > 0 || draft.video);
}

/** memories §5, in the order the wizard's Next checks them: a title, then something to keep. */
export function missingForNext(draft: CaptureDraft): 'title' | 'content' | null {
  if (!draft.title.trim()) return 'title';
  return hasContent(draft) ? null : 'content';
}

/**
 * Whether closing would lose something the person made: anything beyond an untouched prompt
 * title. Only then does closing ask "Discard this memory?" (and the draft is kept at all).
 */
export function isWorthKeeping(draft: CaptureDraft): boolean {
  const title = draft.title.trim();
  return Boolean(
    (title && title !== draft.prompt?.trim()) ||
      hasContent(draft) ||
      draft.followUps.length > 0 ||
      draft.answer.trim() ||
      draft.answerAudio,
  );
}

/** The answer on screen as an answered pair, when there is one to keep. */
export function pendingAnswer(draft: CaptureDraft): FollowUpAnswer | null {
  if (!draft.question || (!draft.answer.trim() && !draft.answerAudio)) return null;
  // A spoken answer whose words were cleared still goes out with its recording (memories §8's words).
  const answer = draft.answer.trim() || messages.audioAnswerNoTranscription;
  return { question: draft.question, answer, audio: draft.answerAudio, audioDuration: draft.answerAudioDuration };
}

/** Moves the answer on screen into the answered list and clears the answer box. */
export function keepAnswer(draft: CaptureDraft): CaptureDraft {
  const pending = pendingAnswer(draft);
  return {
    ...draft,
    followUps: pending ? [...draft.followUps, pending] : draft.followUps,
    answer: '',
    answerAudio: null,
    answerAudioDuration: null,
  };
}
