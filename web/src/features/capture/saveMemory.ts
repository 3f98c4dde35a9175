// Saving a captured memory (memories §7): the video first, straight to storage through a
// presigned address, then the memory itself as one multipart POST with the photos and audio.
import { DIRECT_VIDEO_UPLOAD_TIMEOUT_MS } from '../../../../common/limits';
import { contentWithFollowUps } from '../../../../common/memories-rules';
import { messages } from '../../../../common/messages';
import { errorMessage } from '../../api/client';
import { api } from '../../api/endpoints';
import { sendOnce, UploadError } from '../../api/upload';
import type { Memory } from '../memories';
import type { CaptureDraft } from './draft';

export type SavePhase = 'video' | 'memory';

/** memories §7: PUT the file to the presigned address (200 or 204 is success); answers the finalUrl. */
export async function uploadVideoDirect(file: File, onProgress?: (percent: number) => void): Promise<string> {
  const mimeType = file.type || 'video/mp4';
  let ticket;
  try {
    ticket = await api.uploads.presignedUrl({ fileName: file.name, mimeType });
  } catch (error) {
    throw new Error(`${messages.uploadUrlFailed}: ${errorMessage(error)}`);
  }
  try {
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
  } catch (error) {
    const reason =
      error instanceof UploadError && error.failure === 'timeout'
        ? messages.directUploadTimeout
        : error instanceof UploadError && error.failure === 'http'
          ? messages.directUploadStatus(error.status)
          : errorMessage(error);
    console.error(messages.directUploadFailed(file.name, reason));
    throw new Error(reason);
  }
  return ticket.finalUrl;
}

/** memories §3 "Memory creation form". */
export function memoryForm(draft: CaptureDraft, choices: { timelineIds: string[]; sharedWith: string[]; directVideoUrls: string[] }): FormData {
  const form = new FormData();
  form.append('title', draft.title.trim());
  form.append('content', contentWithFollowUps(draft.notes, draft.followUps));
  form.append('transcription', draft.transcription.trim());
  for (const image of draft.images) form.append('images', image, image.name);
  if (draft.recording) form.append('audio', draft.recording, 'recording.webm');
  form.append('sharedWith', JSON.stringify(choices.sharedWith));
  form.append('timelineIds', JSON.stringify(choices.timelineIds));
  for (const url of choices.directVideoUrls) form.append('directVideoUrls', url);
  return form;
}

export async function saveMemory(
  draft: CaptureDraft,
  choices: { timelineIds: string[]; sharedWith: string[] },
  onProgress: (phase: SavePhase, percent: number) => void,
): Promise<Memory> {
  const directVideoUrls: string[] = [];
  if (draft.video) {
    onProgress('video', 0);
    directVideoUrls.push(await uploadVideoDirect(draft.video.file, (percent) => onProgress('video', percent)));
  }
  onProgress('memory', 0);
  return api.memories.create(memoryForm(draft, { ...choices, directVideoUrls }), {
    onProgress: (percent) => onProgress('memory', percent),
  });
}
