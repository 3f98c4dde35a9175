// Saving a captured memory (memories §7): the video first, straight to storage through a
// presigned address, then the memory itself as one multipart POST (api/memory-form.ts) with
// the photos, the recordings and the video's captured frame. Issue 26: offline, or after a
// failure a later send could mend, it is kept on the device to be sent by itself instead.
import type { Audience, Memory } from '../../../../common/memories';
import { contentWithFollowUps } from '../../../../common/memories-rules';
import { api } from '../../api/endpoints';
import { memoryForm, uploadVideoDirect, type DirectVideo } from '../../api/memory-form';
import { keepInOutbox, partsOf, waitsAfter } from '../../lib/outbox';
import { failureStatus } from '../outbox';
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
  /** Told the video's address once it is in storage (issue 26: a memory kept after names it). */
  onVideoUploaded?: (url: string) => void,
): Promise<Memory> {
  const directVideos: DirectVideo[] = [];
  if (draft.video) {
    onProgress('video', 0);
    const url = await uploadVideoDirect(draft.video.file, (percent) => onProgress('video', percent));
    onVideoUploaded?.(url);
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

/** Saved (the server's memory), or kept on the device to be sent by itself (issue 26). */
export type SaveOutcome = { kept: false; memory: Memory } | { kept: true };

type SaveChoices = Parameters<typeof saveMemory>[1];

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Issue 26 "she presses save, and it gets there": offline, the memory is kept in the outbox at
 * once, with no attempt; online, it is saved as ever (the spec's retries and progress), and a
 * failure a later send could mend (no answer, a 5xx, the video's upload cut off) keeps it with
 * the draft's Idempotency-Key, so if the server did take it the later send is answered with that
 * same memory. A video already in storage is kept as its address, not sent again. Rejects with
 * the failure when it was refused (as today), and with OutboxFullError when the device is full.
 */
export async function saveOrKeepMemory(
  draft: CaptureDraft & { idempotencyKey: string },
  choices: SaveChoices,
  owner: string,
  onProgress: (phase: SavePhase, percent: number) => void,
  now: () => number = Date.now,
): Promise<SaveOutcome> {
  let uploadedUrl: string | null = null;
  const thumbnail = thumbnailBlob(choices.videoThumbnail);
  const keep = async (): Promise<SaveOutcome> => {
    const { timelineIds, sharedWith, audience } = choices;
    const directVideos = uploadedUrl ? [{ url: uploadedUrl, thumbnail }] : [];
    const video = draft.video
      ? { file: draft.video.file, fileName: draft.video.file.name, thumbnail, uploadedUrl, uploadedAt: uploadedUrl ? now() : null }
      : null;
    await keepInOutbox({
      kind: 'memory',
      owner,
      url: api.memories.createUrl(),
      idempotencyKey: draft.idempotencyKey,
      parts: partsOf(draftForm(draft, { timelineIds, sharedWith, audience, directVideos })),
      video,
      label: draft.title.trim(),
      timelineIds,
    });
    return { kept: true };
  };
  if (isOffline()) return keep();
  try {
    const memory = await saveMemory(draft, choices, onProgress, (url) => {
      uploadedUrl = url;
    });
    return { kept: false, memory };
  } catch (error) {
    const status = failureStatus(error);
    // Gone offline during the save is no answer too, however the failure was worded.
    if (isOffline() || (status !== null && waitsAfter(status))) return keep();
    throw error;
  }
}
