// The memory creation call's body (memories §3 "Memory creation form", §7) and the direct
// video upload that comes before it: built here, in one way, so no feature assembles a form.
import { DIRECT_VIDEO_UPLOAD_TIMEOUT_MS } from '../../../common/limits';
import {
  DIRECT_VIDEO_THUMBNAILS_FIELD,
  DIRECT_VIDEO_URLS_FIELD,
  FOLLOW_UP_AUDIO_FIELD,
  FOLLOW_UP_RESPONSES_FIELD,
  MEMORY_AUDIO_DURATION_FIELD,
  MEMORY_AUDIO_FIELD,
  MEMORY_IMAGES_FIELD,
  type Audience,
} from '../../../common/memories';
import { messages } from '../../../common/messages';
import { DIRECT_UPLOAD_FILE_FIELD, type PresignedUrl } from '../../../common/uploads';
import { api } from './endpoints';
import { toUserText, UploadError } from './errors';
import { recordingFileName, sendOnce } from './upload';

/** A video already in storage, and the frame captured from it (null when none could be). */
export interface DirectVideo {
  url: string;
  thumbnail: Blob | null;
}

/** One answered follow-up question; a spoken answer keeps its recording (DESIGN "Voice is never dropped"). */
export interface FollowUpAnswerInput {
  question: string;
  answer: string;
  audio: Blob | null;
  audioDuration: number | null;
}

export interface MemoryFormInput {
  title: string;
  /** The notes with the 'Q: … A: …' blocks already appended (memories §3). */
  content: string;
  transcription: string;
  sharedWith: string[];
  /** issue 20 "Who sees a memory": sent beside sharedWith; without it the server reads it off the list. */
  audience?: Audience;
  timelineIds: string[];
  images: readonly File[];
  audio: Blob | null;
  /** Seconds of `audio`, as the recorder measured it. */
  audioDuration: number | null;
  followUps: readonly FollowUpAnswerInput[];
  directVideos: readonly DirectVideo[];
}

/**
 * Every text field goes before the first file: the server checks the timelines and sharing on
 * the fields before it accepts a file (and refuses a field after one), so a refusal comes
 * before the photos are sent. The n-th followUpAudio file belongs to the n-th response with
 * hasAudio; each direct video's frame comes last.
 */
export function memoryForm(input: MemoryFormInput): FormData {
  const form = new FormData();
  const answered = input.followUps.filter((pair) => pair.question.trim() && pair.answer.trim());
  form.append('title', input.title.trim());
  form.append('content', input.content);
  form.append('transcription', input.transcription.trim());
  form.append('sharedWith', JSON.stringify(input.sharedWith));
  if (input.audience) form.append('audience', input.audience);
  form.append('timelineIds', JSON.stringify(input.timelineIds));
  if (input.audio && input.audioDuration !== null) form.append(MEMORY_AUDIO_DURATION_FIELD, String(input.audioDuration));
  if (answered.length > 0) {
    const responses = answered.map((pair) => ({
      question: pair.question.trim(),
      answer: pair.answer.trim(),
      hasAudio: pair.audio !== null,
      ...(pair.audio && pair.audioDuration !== null ? { audioDuration: pair.audioDuration } : {}),
    }));
    form.append(FOLLOW_UP_RESPONSES_FIELD, JSON.stringify(responses));
  }
  for (const video of input.directVideos) form.append(DIRECT_VIDEO_URLS_FIELD, video.url);
  for (const image of input.images) form.append(MEMORY_IMAGES_FIELD, image, image.name);
  if (input.audio) form.append(MEMORY_AUDIO_FIELD, input.audio, recordingFileName(input.audio.type));
  for (const pair of answered) if (pair.audio) form.append(FOLLOW_UP_AUDIO_FIELD, pair.audio, recordingFileName(pair.audio.type));
  // The n-th frame belongs to the n-th address, so frames go only up to the first video
  // without one (the wizard sends one video, so that is its frame or none).
  for (const video of input.directVideos) {
    if (!video.thumbnail) break;
    form.append(DIRECT_VIDEO_THUMBNAILS_FIELD, video.thumbnail, 'thumbnail.jpg');
  }
  return form;
}

/** memories §8: why a direct upload failed, in the catalogue's words. */
export function directUploadReason(error: unknown): string {
  if (error instanceof UploadError) {
    if (error.failure === 'timeout') return messages.directUploadTimeout;
    if (error.failure === 'http') return messages.directUploadStatus(error.status);
    return error.message;
  }
  return toUserText(error);
}

/**
 * The request the presigned answer asks for: on S3 a POST form, its signed fields first and
 * the file last (a policy caps the size, issue 19); on the server's own target a PUT of the
 * file with the type the ticket was issued for.
 */
function directUploadRequest(ticket: PresignedUrl, file: File, mimeType: string): { body: Blob | FormData; headers: Record<string, string> } {
  if (ticket.method === 'PUT') return { body: file, headers: { 'Content-Type': ticket.contentType || mimeType } };
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append(DIRECT_UPLOAD_FILE_FIELD, file, file.name);
  // The browser writes the multipart Content-Type with its boundary.
  return { body: form, headers: {} };
}

/**
 * memories §7: send the file to the presigned address as the answer says (200 or 204 is
 * success, 10-minute timeout, progress reported); answers the finalUrl. memories §8: any
 * failure reads 'Direct S3 upload failed for {file}: {reason}'.
 */
export async function uploadVideoDirect(file: File, onProgress?: (percent: number) => void): Promise<string> {
  const mimeType = file.type || 'video/mp4';
  try {
    const ticket = await api.uploads.presignedUrl({ fileName: file.name, mimeType }).catch((error: unknown) => {
      throw new Error(`${messages.uploadUrlFailed}: ${toUserText(error)}`, { cause: error });
    });
    await sendOnce({
      url: ticket.uploadUrl,
      method: ticket.method,
      ...directUploadRequest(ticket, file, mimeType),
      timeoutMs: DIRECT_VIDEO_UPLOAD_TIMEOUT_MS,
      isSuccess: (status) => status === 200 || status === 204,
      onProgress,
    });
    return ticket.finalUrl;
  } catch (error) {
    const failure = messages.directUploadFailed(file.name, directUploadReason(error));
    console.error(failure);
    // The cause keeps the status: no answer may wait in the outbox, a refusal may not (issue 26).
    throw new Error(failure, { cause: error });
  }
}
