// The outbox's `prepare.memory` (issue 26) as the signed-in app holds it: the video's upload
// (memoryVideo.ts, with api/memory-form and the schemas it reads) is fetched only for a memory
// that has a video, so home's first load does not carry it (vite.config.ts, schemasOffHome).
import type { PrepareEntry } from '../../lib/outbox';

export const prepareWaitingMemory: PrepareEntry = async (entry, onProgress) =>
  entry.video ? (await import('./memoryVideo')).prepareMemory()(entry, onProgress) : entry;
