// Tests wait for what they are waiting for, never on a clock (issue 21): a condition is
// checked at once and again each time something it depends on changes (a folder's entries,
// the bytes on a socket, a call into the media store), so a test neither sleeps nor polls,
// and a timeout says what never came.
import { mkdirSync, watch } from 'node:fs';
import type { Socket } from 'node:net';

/** Something that changes: calls `changed` on each change and answers how to stop listening. */
export type Changes = (changed: () => void) => () => void;

/**
 * Resolves once `condition` holds. It is checked now and after each of `changes`, one check at
 * a time (a change during a check checks again after it); a check that throws (a folder read
 * while files come and go) counts as not yet.
 */
export function until(condition: () => boolean | Promise<boolean>, what: string, changes: Changes[], ms = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let checking = false;
    let changedMeanwhile = false;
    let done = false;
    const stops: Array<() => void> = [];
    const finish = (error?: Error) => {
      done = true;
      clearTimeout(timer);
      for (const stop of stops) stop();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => finish(new Error(`Timed out waiting for ${what}`)), ms);
    const check = async () => {
      if (done) return;
      if (checking) {
        changedMeanwhile = true;
        return;
      }
      checking = true;
      do {
        changedMeanwhile = false;
        const holds = await Promise.resolve()
          .then(condition)
          .catch(() => false);
        if (holds) {
          finish();
          return;
        }
      } while (changedMeanwhile && !done);
      checking = false;
    };
    for (const source of changes) stops.push(source(() => void check()));
    void check();
  });
}

/** Files made or removed directly in `folder` (inotify through fs.watch). The folder is made if missing, as its writers make it. */
export const folderChanges =
  (folder: string): Changes =>
  (changed) => {
    mkdirSync(folder, { recursive: true });
    const watcher = watch(folder, () => changed());
    watcher.on('error', () => changed());
    return () => watcher.close();
  };

/** Bytes arriving on `socket`, and its end. */
export const socketChanges =
  (socket: Socket): Changes =>
  (changed) => {
    socket.on('data', changed);
    socket.on('close', changed);
    return () => {
      socket.off('data', changed);
      socket.off('close', changed);
    };
  };

/** Each call of `object[method]` that has settled (resolved or rejected): e.g. a media store's put or delete. */
export const callsSettled =
  <T extends object, K extends keyof T>(object: T, method: K): Changes =>
  (changed) => {
    const own = Object.prototype.hasOwnProperty.call(object, method);
    const original = object[method] as unknown as (...args: unknown[]) => unknown;
    const wrapped = async (...args: unknown[]) => {
      try {
        return await original.apply(object, args);
      } finally {
        changed();
      }
    };
    object[method] = wrapped as T[K];
    return () => {
      if (own) object[method] = original as T[K];
      else delete object[method];
    };
  };
