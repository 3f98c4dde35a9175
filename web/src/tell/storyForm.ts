// The story as POST /api/tell/{token}/memories takes it: POST /api/memories's multipart fields
// (api/memory-form.ts) plus questionId; the link decides the timeline and who sees it. Text
// fields go before the first file, as the server reads them first.
import {
  FOLLOW_UP_AUDIO_FIELD,
  FOLLOW_UP_RESPONSES_FIELD,
  MEMORY_AUDIO_DURATION_FIELD,
  MEMORY_AUDIO_FIELD,
  MEMORY_IMAGES_FIELD,
} from '../../../common/memory-fields';
import { contentWithFollowUps } from '../../../common/memories-rules';
import { tellMessages } from '../../../common/tell-messages';
import { recordingFileName } from '../../../common/audio-rules';
import type { TellDraft } from './tellDraftStore';

/** The field naming the question a story answers (DESIGN "Storytellers (no account)"). */
export const QUESTION_ID_FIELD = 'questionId';

export function storyForm(draft: TellDraft, link: string): FormData {
  const form = new FormData();
  const followUp = draft.followUp && (draft.followUp.text.trim() || draft.followUp.audio) ? draft.followUp : null;
  // A spoken answer reads as the wizard's does until its words are written (a job, issue 22).
  const answer = followUp ? followUp.text.trim() || tellMessages.audioAnswerNoTranscription : '';
  const pairs = followUp ? [{ question: followUp.question, answer }] : [];
  form.append('title', draft.title);
  form.append('content', contentWithFollowUps(draft.typed, pairs));
  form.append('transcription', '');
  // A draft kept from a link since replaced answers no question of the new one's: it is sent as a story titled by it.
  if (draft.questionId && draft.link === link) form.append(QUESTION_ID_FIELD, draft.questionId);
  if (draft.audio) form.append(MEMORY_AUDIO_DURATION_FIELD, String(Math.round(draft.durationMs / 100) / 10));
  if (followUp) {
    const spoken = followUp.audio !== null;
    form.append(
      FOLLOW_UP_RESPONSES_FIELD,
      JSON.stringify([
        {
          question: followUp.question,
          answer,
          hasAudio: spoken,
          ...(spoken && followUp.audioDuration !== null ? { audioDuration: Math.round(followUp.audioDuration * 10) / 10 } : {}),
        },
      ]),
    );
  }
  for (const photo of draft.photos) form.append(MEMORY_IMAGES_FIELD, photo, photo.name);
  if (draft.audio) form.append(MEMORY_AUDIO_FIELD, draft.audio, recordingFileName(draft.audio.type));
  if (followUp?.audio) form.append(FOLLOW_UP_AUDIO_FIELD, followUp.audio, recordingFileName(followUp.audio.type));
  return form;
}
