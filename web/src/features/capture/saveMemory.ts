// Saving a captured memory (memories §7): the video first, straight to storage through a
// presigned address, then the memory itself as one multipart POST with the photos, the audio
// and the video's captured frame.
import { DIRECT_VIDEO_UPLOAD_TIMEOUT_MS } from '../../../../common/limits';
import { DIRECT_VIDEO_THUMBNAILS_FIELD, DIRECT_VIDEO_URLS_FIELD, MEMORY_AUDIO_FIELD, MEMORY_IMAGES_FIELD } from '../../../../common/memories';
import { contentWithFollowUps } from '../../../../common/memories-rules';
import { messages } from '../../../../common/messages';
import { errorMessage } from '../../api/client';
import { api } from '../../api/endpoints';
import { sendOnce, UploadError, uploadErrorText } from '../../api/upload';
import type { Memory } from '../memories';
import type { CaptureDraft } from './draft';
import { recordingFileName } from './recordingRules';

export type SavePhase = 'video' | 'memory';

/** A video already in storage, and the frame captured from it (null when none could be). */
export interface DirectVideo {
  url: string;
  thumbnail: Blob | null;
}

/** memories §8: why a direct upload failed, in the catalogue's words. */
export function directUploadReason(error: unknown): string {
  if (error instanceof UploadError && error.failure === 'timeout') return messages.directUploadTimeout;
  if (error instanceof UploadError && error.failure === 'http') return messages.directUploadStatus(error.status);
  return errorMessage(error);
}

/**
 * memories §7: PUT the file to the presigned address (200 or 204 is success, 10-minute
 * timeout, progress reported); answers the finalUrl. memories §8: any failure reads
 * 'Direct S3 upload failed for {file}: {reason}'.
 */
export async function uploadVideoDirect(file: File, onProgress?: (percent: number) => void): Promise<string> {
  const mimeType = file.type || 'video/mp4';
  try {
    const ticket = await api.uploads.presignedUrl({ fileName: file.name, mimeType }).catch((error: unknown) => {
      throw new Error(`${messages.uploadUrlFailed}: ${errorMessage(error)}`);
    });
    await sendOnce({
      url: ticket.uploadUrl,
      method: 'PUT',
      body: file,
      // A presigned S3 address is signed with the type the server names.
      headers: { 'Content-Type': ticket.contentType || mimeType },
      timeoutMs: DIRECT_VIDEO_UPLOAD_TIMEOUT_MS,
      isSuccess: (status) => status === 200 || status === 204,
      onProgress,
    });
    return ticket.finalUrl;
  } catch (error) {
    const failure = messages.directUploadFailed(file.name, directUploadReason(error));
    console.error(failure);
    throw new Error(failure);
  }
}

/** The captured frame (memories §2: a JPEG data URL) as the file the server takes, or null. */
export function thumbnailBlob(dataUrl: string | null): Blob | null {
  const match = /^data:image\/jpeg;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl ?? '');
  if (!match) return null;
  const binary = atob(match[1]!);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes.length > 0 ? new Blob([bytes], { type: 'image/jpeg' }) : null;
}

/** memories §8: the text of the 'Error' toast when a save fails: the upload's message, else 'Failed to save memory'. */
export function saveFailureText(error: unknown): string {
  return uploadErrorText(error, messages.memorySaveFailed);
}

/**
 * memories §3 "Memory creation form". Every text field goes before the first file: the server
 * checks the timelines and sharing on the fields before it accepts a file (and refuses a
 * field after one), so a refusal comes before the photos are sent. Each direct video's frame
 * comes last.
 */
export function memoryForm(draft: CaptureDraft, choices: { timelineIds: string[]; sharedWith: string[]; directVideos: DirectVideo[] }): FormData {
  const form = new FormData();
  form.append('title', draft.title.trim());
  form.append('content', contentWithFollowUps(draft.notes, draft.followUps));
  form.append('transcription', draft.transcription.trim());
  form.append('sharedWith', JSON.stringify(choices.sharedWith));
  form.append('timelineIds', JSON.stringify(choices.timelineIds));
  for (const video of choices.directVideos) form.append(DIRECT_VIDEO_URLS_FIELD, video.url);
  for (const image of draft.images) form.append(MEMORY_IMAGES_FIELD, image, image.name);
  if (draft.recording) form.append(MEMORY_AUDIO_FIELD, draft.recording, recordingFileName(draft.recording.type));
  // The n-th frame belongs to the n-th address, so frames go only up to the first video
  // without one (the wizard sends one video, so that is its frame or none).
  for (const video of choices.directVideos) {
    if (!video.thumbnail) break;
    form.append(DIRECT_VIDEO_THUMBNAILS_FIELD, video.thumbnail, 'thumbnail.jpg');
  }
  return form;
}

export async function saveMemory(
  draft: CaptureDraft,
  choices: { timelineIds: string[]; sharedWith: string[]; videoThumbnail: string | null },
  onProgress: (phase: SavePhase, percent: number) => void,
): Promise<Memory> {
  const directVideos: DirectVideo[] = [];
  if (draft.video) {
    onProgress('video', 0);
    const url = await uploadVideoDirect(draft.video.file, (percent) => onProgress('video', percent));
    directVideos.push({ url, thumbnail: thumbnailBlob(choices.videoThumbnail) });
  }
  onProgress('memory', 0);
  const { timelineIds, sharedWith } = choices;
  return api.memories.create(memoryForm(draft, { timelineIds, sharedWith, directVideos }), {
    onProgress: (percent) => onProgress('memory', percent),
  });
}
