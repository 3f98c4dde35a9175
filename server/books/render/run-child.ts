// The parent's side of the renderer's child process: one child at a time, given one task at a
// time; a child that has grown past CHILD_RSS_RECYCLE is ended and the next task gets a fresh
// one, so a long book never holds more than a part's photos. Aborting kills the child.
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ChildAnswer, ChildTask } from './protocol.js';

/**
 * Past this the child is replaced before its next task: Typst keeps a part's decoded photos
 * after the part is done (measured: each 17-photo part added 80 MB, evictCache or not), so in
 * practice every part of photos gets a fresh child, and the front matter shares one. Scaling
 * photos one at a time levels off higher but stays level, so it has a bound of its own rather
 * than a new child every few photos (each takes most of a second to start). Measured
 * (2026-11-28, the WebP display copies of 2000 × 1500 photos, with childEnvironment's
 * settings): the built child levels off near 160 MB, under tsx near 190 MB.
 */
const CHILD_RSS_RECYCLE = 120 * 1024 * 1024;
const SCALING_CHILD_RSS_RECYCLE = 224 * 1024 * 1024;
const STDERR_LINES = 20;
/**
 * The lowest priority: the child takes whatever the requests leave, and all of an idle machine.
 * At 10 a request still waited behind it on two cores (bench:book: the API's p95 beside the
 * renderer at 241 % of idle at nice 0, 99 % at 19).
 */
const CHILD_NICENESS = 19;

/**
 * The child's C library settings (glibc reads them at start; other systems ignore them). The
 * image's MALLOC_MMAP_THRESHOLD_ keeps a long-running server's RSS level by giving every block
 * of 128 KB or more back on free, but libvips allocates such a block for every region of a photo
 * it scales, so the child paid a fresh, zeroed mapping each time: scaling a photo took 1.5 times
 * as long with it (bench/README.md, the family book). The child's memory is bounded by its
 * recycling instead. Two arenas keep libvips' threads from growing one each, which a server
 * started without the image's settings (`npm start`) would otherwise let them do.
 */
function childEnvironment(parent: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { MALLOC_MMAP_THRESHOLD_: _threshold, ...env } = parent;
  return { ...env, MALLOC_ARENA_MAX: '2' };
}

/**
 * The child's entry: child.ts through tsx in development and tests, the built child.js beside
 * this file in production (tsconfig.build.json lists it as an entry point).
 */
const childEntry = (() => {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href;
    return { file: fileURLToPath(new URL('./child.ts', here)), execArgv: ['--import', tsx] };
  }
  return { file: fileURLToPath(new URL('./child.js', here)), execArgv: [] };
})();

export class RenderChildren {
  private child: ChildProcess | null = null;
  /** Resolves once the last child ended, so two children never hold memory at once. */
  private lastExit: Promise<void> = Promise.resolve();
  private stderr: string[] = [];
  /** Every child's pid, for the tests that measure them. */
  readonly pids: number[] = [];

  constructor(private readonly signal?: AbortSignal) {}

  async run<T extends ChildAnswer['type']>(task: ChildTask, expected: T): Promise<Extract<ChildAnswer, { type: T }>> {
    this.signal?.throwIfAborted();
    if (!this.child) await this.lastExit;
    const child = (this.child ??= this.spawn());
    const answer = await new Promise<ChildAnswer>((resolve, reject) => {
      const onMessage = (message: ChildAnswer) => {
        cleanup();
        resolve(message);
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        cleanup();
        const tail = this.stderr.length > 0 ? ` Its last words: ${this.stderr.slice(-3).join(' / ')}` : '';
        reject(new Error(`The book's renderer stopped (${signal ?? `exit code ${code}`}).${tail}`));
      };
      // The render throws only once the child is gone, so a stopped book holds nothing after.
      const onAbort = () => {
        cleanup();
        void this.close().then(() => reject(this.signal!.reason));
      };
      const cleanup = () => {
        child.off('message', onMessage);
        child.off('exit', onExit);
        this.signal?.removeEventListener('abort', onAbort);
      };
      child.on('message', onMessage);
      child.on('exit', onExit);
      this.signal?.addEventListener('abort', onAbort, { once: true });
      child.send(task);
    });
    if (answer.type === 'failed') {
      void this.close();
      throw new Error(answer.message);
    }
    if (answer.type !== expected) throw new Error(`The book's renderer answered ${answer.type}, not ${expected}.`);
    if (answer.rssBytes > (task.type === 'scale' ? SCALING_CHILD_RSS_RECYCLE : CHILD_RSS_RECYCLE)) void this.close();
    return answer as Extract<ChildAnswer, { type: T }>;
  }

  /**
   * Ends the child (SIGKILL: Typst's work does not look at signals, and nothing in it needs
   * saving); resolves once it has exited.
   */
  close(): Promise<void> {
    this.child?.kill('SIGKILL');
    this.child = null;
    return this.lastExit;
  }

  private spawn(): ChildProcess {
    const child = fork(childEntry.file, [], {
      execArgv: childEntry.execArgv,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'json',
      env: childEnvironment(process.env),
    });
    if (child.pid !== undefined) {
      this.pids.push(child.pid);
      // A book can wait a second; the family's clicks should not: the child yields the cores.
      try {
        setPriority(child.pid, CHILD_NICENESS);
      } catch {
        // Not allowed here (some containers): the book is made all the same.
      }
    }
    this.lastExit = new Promise((resolve) => child.once('exit', () => resolve()));
    this.stderr = [];
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      this.stderr.push(...chunk.split('\n').filter(Boolean));
      this.stderr.splice(0, Math.max(0, this.stderr.length - STDERR_LINES));
    });
    child.on('exit', () => {
      if (this.child === child) this.child = null;
    });
    return child;
  }
}
