// What the capture wizard holds between its steps (memories §2, §3 "Memory creation form").
import type { FollowUpPair } from '../../../../common/memories-rules';

export type CaptureStep = 'start' | 'follow-up-prompt' | 'questions' | 'timeline' | 'sharing';

/** memories §2: 'private' (only you) or 'timeline' ('Selective Sharing'). */
export type SharingMode = 'private' | 'timeline';

export interface CaptureVideo {
  file: File;
  /** The captured frame (memories §2), null while capturing or when the browser cannot decode it. */
  thumbnail: string | null;
}

export interface CaptureDraft {
  title: string;
  notes: string;
  transcription: string;
  recording: Blob | null;
  images: File[];
  video: CaptureVideo | null;
  /** Answered follow-up questions, appended to the content on save. */
  followUps: FollowUpPair[];
  /** Every question asked so far, so the next is never a repeat (memories §7 previousQuestions). */
  askedQuestions: string[];
  /** Null until the person touches the checklist: the active timeline, else the first. */
  timelineIds: string[] | null;
  sharing: SharingMode;
  /** Null until the person touches the member list: the active timeline's other members. */
  sharedWith: string[] | null;
}

export const emptyDraft: CaptureDraft = {
  title: '',
  notes: '',
  transcription: '',
  recording: null,
  images: [],
  video: null,
  followUps: [],
  askedQuestions: [],
  timelineIds: null,
  sharing: 'private',
  sharedWith: null,
};

/** The text the follow-up question is asked about: the notes and what was said. */
export function memoryText(draft: CaptureDraft): string {
  return [draft.notes.trim(), draft.transcription.trim()].filter(Boolean).join('\n\n');
}

/** memories §5: a recording, text, photos or a video. */
export function hasContent(draft: CaptureDraft): boolean {
  return Boolean(draft.recording || memoryText(draft) || draft.images.length > 0 || draft.video);
}
