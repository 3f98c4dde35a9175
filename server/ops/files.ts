// Files of a backup folder: written durably, hashed as streams, listed, sized for people.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, mkdir, open, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/**
 * Issue 19: a backup holds every family's memories and the whole database, so only the
 * operator's own account may read it, whatever the umask (a default 022 left heirloom.db and
 * every photo readable by each account on the host). Every folder and file a backup or a
 * restore writes is made with these modes, not narrowed afterwards.
 */
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** `path` and any missing parents made 0700; `path` itself set to 0700 when it already was there. */
export async function makePrivateFolder(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  await chmod(path, PRIVATE_FOLDER_MODE);
}

export async function writeDurably(path: string, text: string): Promise<void> {
  const handle = await open(path, 'wx', PRIVATE_FILE_MODE);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Best effort: some file systems refuse fsync on a folder, and the files are whole either way. */
export async function syncFolder(path: string): Promise<void> {
  try {
    const folder = await open(path, 'r');
    await folder.sync().finally(() => folder.close());
  } catch {
    // See above.
  }
}

/** Size and SHA-256 of a file, read as a stream (media may be gigabytes). */
export async function hashFile(path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Every file under `dir` as a path relative to it with '/' between folders. */
export async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** Bytes as an operator reads them. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/** Runs `task` over `items`, at most `limit` at a time; the first failure stops the rest. */
export async function eachAtOnce<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      try {
        await task(items[next++]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** "1 file", "3 files". */
export const counted = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;
