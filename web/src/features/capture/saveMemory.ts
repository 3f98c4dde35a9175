// Saving a captured memory (memories §7): the video first, straight to storage through a
// presigned address, then the memory itself as one multipart POST (api/memory-form.ts) with
// the photos, the recordings and the video's captured frame.
import type { Audience, Memory } from '../../../../common/memories';
import { contentWithFollowUps } from '../../../../common/memories-rules';
import { api } from '../../api/endpoints';
import { memoryForm, uploadVideoDirect, type DirectVideo } from '../../api/memory-form';
import type { CaptureDraft } from './draft';

export type SavePhase = 'video' | 'memory';

/** The captured frame (memories §2: a JPEG data URL) as the file the server takes, or null. */
export function thumbnailBlob(dataUrl: string | null): Blob | null {
  const match = /^data:image\/jpeg;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl ?? '');
  if (!match) return null;
  const binary = atob(match[1]!);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes.length > 0 ? new Blob([bytes], { type: 'image/jpeg' }) : null;
}

/** The creation form of a draft (memories §3): the follow-up blocks go in the content, their recordings beside. */
export function draftForm(
  draft: CaptureDraft,
  choices: { timelineIds: string[]; sharedWith: string[]; audience?: Audience; directVideos: DirectVideo[] },
): FormData {
  return memoryForm({
    title: draft.title,
    content: contentWithFollowUps(draft.notes, draft.followUps),
    transcription: draft.transcription,
    sharedWith: choices.sharedWith,
    audience: choices.audience,
    timelineIds: choices.timelineIds,
    images: draft.images,
    audio: draft.recording,
    audioDuration: draft.recordingDuration,
    followUps: draft.followUps,
    directVideos: choices.directVideos,
  });
}

export async function saveMemory(
  draft: CaptureDraft,
  choices: { timelineIds: string[]; sharedWith: string[]; audience?: Audience; videoThumbnail: string | null },
  onProgress: (phase: SavePhase, percent: number) => void,
): Promise<Memory> {
  const directVideos: DirectVideo[] = [];
  if (draft.video) {
    onProgress('video', 0);
    const url = await uploadVideoDirect(draft.video.file, (percent) => onProgress('video', percent));
    directVideos.push({ url, thumbnail: thumbnailBlob(choices.videoThumbnail) });
  }
  onProgress('memory', 0);
  const { timelineIds, sharedWith, audience } = choices;
  return api.memories.create(draftForm(draft, { timelineIds, sharedWith, audience, directVideos }), {
    onProgress: (percent) => onProgress('memory', percent),
    // issue 20: the draft's key, so the spec's retry and a Save pressed again create it once.
    idempotencyKey: draft.idempotencyKey,
  });
}
