// Files in the media store that no row names yet ("staged"), and the one way files leave the
// store: after a refusal (nothing of the request may stay behind) or after the rows naming
// them were deleted and committed (DESIGN "Nothing lost": at worst an orphan file, never a
// row without its file).
import { HttpError } from '../http/errors.js';
import { isMediaKey, type MediaStore } from '../providers/storage/index.js';

/** A file in the store, with what its bytes proved. Photos, recordings, videos and avatars alike. */
export interface StagedFile {
  key: string;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
}

export const noop = () => undefined;

/** The user's own mistake (a gate's refusal) is the error worth reporting over a storage one. */
export function firstFailure(...reasons: unknown[]): unknown {
  return reasons.find((reason) => reason instanceof HttpError) ?? reasons.find((reason) => reason !== undefined);
}

/**
 * Removes files from the store: staged ones after a failure, or those of rows already
 * deleted. Never throws: the failure that led here is the one to report, and a file left
 * behind is an orphan, not the user's problem.
 */
export async function discardFiles(store: MediaStore, keys: string[]): Promise<void> {
  await Promise.all(keys.filter(isMediaKey).map((key) => store.delete(key).catch(noop)));
}
