// The parent's side of the renderer's child process: one child at a time, given one task at a
// time; a child that has grown past CHILD_RSS_RECYCLE is ended and the next task gets a fresh
// one, so a long book never holds more than a part's photos. Aborting kills the child.
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ChildAnswer, ChildTask } from './protocol.js';

/** Past this the child is replaced before its next task (Typst does not give all its memory back). */
const CHILD_RSS_RECYCLE = 160 * 1024 * 1024;
const STDERR_LINES = 20;

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
  private stderr: string[] = [];
  /** Every child's pid, for the tests that measure them. */
  readonly pids: number[] = [];

  constructor(private readonly signal?: AbortSignal) {}

  async run<T extends ChildAnswer['type']>(task: ChildTask, expected: T): Promise<Extract<ChildAnswer, { type: T }>> {
    this.signal?.throwIfAborted();
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
      const onAbort = () => {
        cleanup();
        this.close();
        reject(this.signal!.reason);
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
      this.close();
      throw new Error(answer.message);
    }
    if (answer.type !== expected) throw new Error(`The book's renderer answered ${answer.type}, not ${expected}.`);
    if (answer.rssBytes > CHILD_RSS_RECYCLE) this.close();
    return answer as Extract<ChildAnswer, { type: T }>;
  }

  /** Ends the child (SIGKILL: Typst's work does not look at signals, and nothing in it needs saving). */
  close(): void {
    this.child?.kill('SIGKILL');
    this.child = null;
  }

  private spawn(): ChildProcess {
    const child = fork(childEntry.file, [], {
      execArgv: childEntry.execArgv,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'json',
    });
    if (child.pid !== undefined) this.pids.push(child.pid);
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
