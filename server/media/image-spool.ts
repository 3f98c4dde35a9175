// issue 19 "Memory and size": an uploaded image is written whole to a temporary file, through
// its byte gate, before anything decodes it. Only then does it wait for a decode turn
// (sharp.ts imageTurn), so a member on a slow phone holds no turn while their bytes trickle in
// (commit 914053a dropped the first limit for exactly that), and libvips reads a file, which
// lets it shrink while decoding. Its header is read first: past IMAGE_MAX_INPUT_PIXELS it is
// refused in words that name the file, before a single pixel is decoded. Whatever happens,
// the temporary files go.
import { randomUUID } from 'node:crypto';
import { createWriteStream, rmSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { threadId } from 'node:worker_threads';
import { IMAGE_MAX_INPUT_PIXELS } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import { badRequest, HttpError } from '../http/errors.js';
import sharp, { type Metadata } from './sharp.js';
import type { TypeGate } from './type-gate.js';

const SPOOL_PREFIX = 'heirloom-images-';

/** The spool folder of a process (and thread): a server's is known from its pid alone. */
export function spoolFolderOf(pid: number, thread = 0): string {
  return join(tmpdir(), `${SPOOL_PREFIX}${pid}-${thread}`);
}

/** This process's folder of uploads being read; made again if the system's cleaner took it. */
export const spoolFolder = spoolFolderOf(process.pid, threadId);
process.once('exit', () => rmSync(spoolFolder, { recursive: true, force: true }));

/**
 * A process killed mid-upload (SIGKILL, power cut) never ran its exit handler: its spool
 * folder would stay in the system's temporary folder until the OS cleans it, holding a
 * member's photo. At start, the folders of processes that are no longer running go.
 */
export async function sweepAbandonedSpools(): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(tmpdir()).catch(() => [])) {
    const pid = Number(/^heirloom-images-(\d+)-\d+$/.exec(name)?.[1]);
    if (!pid || isRunning(pid)) continue;
    await rm(join(tmpdir(), name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** An upload whole on disk, with the type its bytes proved and its header. */
export interface SpooledImage<T> {
  path: string;
  type: T;
  metadata: Metadata;
  /** A path beside it for a file made from it (a cleaned original), removed with it. */
  scratch(suffix: string): string;
}

export interface SpoolOptions<T> {
  /** The name the browser gave the file, for the refusal that names it. */
  name: string | undefined;
  /** A type whose decoder this sharp may lack (HEIC): unreadable means "a type we do not take". */
  mayBeUndecodable?(type: T): boolean;
}

/**
 * Streams `source` through `gate` into a temporary file, reads its header, then runs `work`
 * on it; the temporary files are removed when `work` ends, however it ends. The gate's
 * refusals stand; a header sharp cannot read is `imageUnreadable`; too many pixels is
 * `imageTooManyPixels`, all 400.
 */
export async function withSpooledImage<T, R>(source: Readable, gate: TypeGate<T>, options: SpoolOptions<T>, work: (image: SpooledImage<T>) => Promise<R>): Promise<R> {
  await mkdir(spoolFolder, { recursive: true });
  const path = join(spoolFolder, randomUUID());
  const made: string[] = [path];
  try {
    await pipeline(source, gate, createWriteStream(path));
    const type = gate.accepted!;
    const metadata = await sharp(path).metadata().catch(() => {
      throw unreadable(options.mayBeUndecodable?.(type) ?? false);
    });
    const { width = 0, height = 0 } = metadata;
    if (width * height > IMAGE_MAX_INPUT_PIXELS) throw badRequest(messages.imageTooManyPixels(options.name?.trim() || messages.unnamedImage, width, height));
    const scratch = (suffix: string) => {
      const file = `${path}-${suffix}`;
      made.push(file);
      return file;
    };
    return await work({ path, type, metadata, scratch });
  } finally {
    await Promise.all(made.map((file) => rm(file, { force: true })));
  }
}

/** What a decoder's failure means to the user. */
export function unreadable(mayBeUndecodable: boolean): HttpError {
  // HEIC that this sharp cannot decode is, for the user, a type we do not take.
  return badRequest(mayBeUndecodable ? messages.imageTypeRefused : messages.imageUnreadable);
}
