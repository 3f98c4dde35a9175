// The step before a waiting memory's form (issue 26, memories §7): its video goes straight to
// storage first, and the form then names it, as the wizard's own save does. The address is kept
// with the entry, so a later attempt (after a lost answer) does not send the video again, but
// only while the server still holds it: an upload no memory claimed is swept after a day.
import { DIRECT_VIDEO_THUMBNAILS_FIELD, DIRECT_VIDEO_URLS_FIELD } from '../../../../common/memory-fields';
import { uploadVideoDirect } from '../../api/memory-form';
import { OutboxSendError, uploadStillHeld, type OutboxPart, type PrepareEntry } from '../../lib/outbox';
import { failureStatus } from './failureStatus';

/**
 * The parts with the video's address as the last text field (before the first file) and its
 * frame after every file, as api/memory-form.ts orders them; an earlier address and frame are
 * replaced, so preparing again never names two videos.
 */
export function withDirectVideo(parts: readonly OutboxPart[], url: string, thumbnail: Blob | null): OutboxPart[] {
  const rest = parts.filter((part) => part.name !== DIRECT_VIDEO_URLS_FIELD && part.name !== DIRECT_VIDEO_THUMBNAILS_FIELD);
  const firstFile = rest.findIndex((part) => 'file' in part);
  const at = firstFile === -1 ? rest.length : firstFile;
  const ordered: OutboxPart[] = [...rest.slice(0, at), { name: DIRECT_VIDEO_URLS_FIELD, value: url }, ...rest.slice(at)];
  if (thumbnail) ordered.push({ name: DIRECT_VIDEO_THUMBNAILS_FIELD, file: thumbnail, fileName: 'thumbnail.jpg' });
  return ordered;
}

interface PrepareMemoryOptions {
  now?: () => number;
  upload?: (file: File, onProgress: (percent: number) => void) => Promise<string>;
}

/** The outbox's `prepare.memory`: the video up first when it is not (or no longer) in storage. */
export function prepareMemory({ now = Date.now, upload = uploadVideoDirect }: PrepareMemoryOptions = {}): PrepareEntry {
  return async (entry, onProgress) => {
    const video = entry.video;
    if (!video) return entry;
    if (uploadStillHeld(video, now())) {
      const named = entry.parts.some((part) => part.name === DIRECT_VIDEO_URLS_FIELD && 'value' in part && part.value === video.uploadedUrl);
      return named ? entry : { ...entry, parts: withDirectVideo(entry.parts, video.uploadedUrl!, video.thumbnail) };
    }
    // IndexedDB gives back the File it was given; a Blob (older browsers) gets its name again.
    const file = video.file instanceof File ? video.file : new File([video.file], video.fileName, { type: video.file.type });
    let url: string;
    try {
      url = await upload(file, onProgress);
    } catch (error) {
      // The sender reads the status: no answer and a 5xx wait, a refusal shows these words.
      const message = error instanceof Error ? error.message : String(error);
      throw new OutboxSendError(failureStatus(error) ?? 0, JSON.stringify({ message }));
    }
    return { ...entry, parts: withDirectVideo(entry.parts, url, video.thumbnail), video: { ...video, uploadedUrl: url, uploadedAt: now() } };
  };
}
