// The server's side of the local engine: a queue of recordings and up to `concurrency`
// child processes (engine-child.ts), each running one transcription at a time. A child is
// kept while there is work and for an idle minute after, so the model is loaded once per
// busy spell; killed, it gives the model's memory back. A child that dies or overruns
// `timeoutMs` fails only its own job, and the next job starts a fresh child.
import { fork, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AudioDecodeError } from '../../../audio/decode/index.js';
import { TranscriptionError, type Transcriber, type TranscriptionRequest } from '../transcriber.js';
import type { ChildMessage, TranscribeJob } from './protocol.js';

export interface LocalEngineOptions {
  modelFile: string;
  /** 'auto' (whisper detects it) or an ISO 639-1 code. */
  language: string;
  /** whisper's threads per transcription: the caller passes cores − 1, at least 1. */
  threads: number;
  /** Transcriptions at once, each in its own child with its own copy of the model. */
  concurrency: number;
  /** How long one transcription may take, decoding included, before its child is killed. */
  timeoutMs?: number;
}

export interface EngineTuning {
  /** How long a child with no work is kept (a minute unless a test shortens it). */
  idleMs?: number;
  /** Every message of every child, as it comes: tests and the bench watch the work through it. */
  onChildMessage?: (message: ChildMessage, pid: number) => void;
  /** A child has exited, and why (a signal or an exit code). */
  onChildExit?: (pid: number, why: string) => void;
}

export type LocalTranscriber = Transcriber & {
  readonly driver: 'local';
  /** The model file's name, as GET /api/config shows it. */
  readonly model: string;
  /** Ends every child and refuses further work; jobs not finished reject. */
  close(): Promise<void>;
};

export type LocalEngine = LocalTranscriber & {
  /** The ids of the children alive now. */
  childPids(): number[];
};

const IDLE_MS = 60_000;
/** Lines of a child's stderr kept to say why it died. */
const STDERR_LINES = 20;

interface Job {
  id: number;
  audioPath: string;
  resolve: (text: string) => void;
  reject: (error: TranscriptionError) => void;
  timer?: NodeJS.Timeout;
}

interface Worker {
  child: ChildProcess;
  job: Job | null;
  idleTimer?: NodeJS.Timeout;
  stderr: string[];
  /** Why it was killed on purpose, to tell the job in words. */
  killedBecause?: string;
}

export function createLocalEngine(options: LocalEngineOptions, { idleMs = IDLE_MS, onChildMessage, onChildExit }: EngineTuning = {}): LocalEngine {
  const { modelFile, language, threads, concurrency, timeoutMs } = options;
  const queue: Job[] = [];
  const workers = new Set<Worker>();
  let nextId = 1;
  let closed = false;
  let spool: Promise<string> | null = null;

  async function transcribe({ audio, filename }: TranscriptionRequest): Promise<string> {
    if (closed) throw new TranscriptionError('The local transcription engine is closed.');
    // The child reads a file: the Blob is streamed into one, never held whole in memory.
    spool ??= mkdtemp(join(tmpdir(), 'heirloom-transcribe-'));
    const id = nextId++;
    const audioPath = join(await spool, `${id}${extname(filename).replace(/[^.\w]/g, '')}`);
    try {
      await pipeline(Readable.fromWeb(audio.stream() as import('node:stream/web').ReadableStream), createWriteStream(audioPath)).catch((error: unknown) => {
        throw closed ? closedError() : error;
      });
      // Closed while the recording was being spooled (close also empties the spool): nothing
      // would ever take the job.
      if (closed) throw closedError();
      return await new Promise<string>((resolve, reject) => {
        queue.push({ id, audioPath, resolve, reject });
        pump();
      });
    } finally {
      await rm(audioPath, { force: true });
    }
  }

  /** Starts queued jobs on idle children, forking new ones up to `concurrency`. */
  function pump(): void {
    while (queue.length > 0 && !closed) {
      const worker = [...workers].find((w) => !w.job && !w.killedBecause) ?? (workers.size < concurrency ? spawnWorker() : null);
      if (!worker) return;
      start(worker, queue.shift()!);
    }
  }

  function start(worker: Worker, job: Job): void {
    clearTimeout(worker.idleTimer);
    worker.job = job;
    // A busy child keeps the server's process alive; an idle one does not (see `rest`).
    worker.child.ref();
    worker.child.channel?.ref();
    if (timeoutMs !== undefined) {
      job.timer = setTimeout(() => kill(worker, `The transcription took longer than ${Math.round(timeoutMs / 1000)} s and was stopped.`), timeoutMs);
    }
    const message: TranscribeJob = { type: 'transcribe', id: job.id, audioPath: job.audioPath, modelFile, language, threads };
    worker.child.send(message);
  }

  function settle(worker: Worker, outcome: { text: string } | { error: TranscriptionError }): void {
    const job = worker.job;
    if (!job) return;
    clearTimeout(job.timer);
    worker.job = null;
    if ('text' in outcome) job.resolve(outcome.text);
    else job.reject(outcome.error);
  }

  function rest(worker: Worker): void {
    if (worker.job || worker.killedBecause) return;
    worker.child.unref();
    worker.child.channel?.unref();
    worker.idleTimer = setTimeout(() => kill(worker, 'idle'), idleMs);
    worker.idleTimer.unref();
  }

  function kill(worker: Worker, because: string): void {
    worker.killedBecause ??= because;
    clearTimeout(worker.idleTimer);
    // SIGKILL: whisper's inner loop does not look at signals, and nothing in the child needs saving.
    worker.child.kill('SIGKILL');
  }

  function spawnWorker(): Worker {
    const child = fork(childEntry.file, [], {
      execArgv: childEntry.execArgv,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'json',
    });
    const worker: Worker = { child, job: null, stderr: [] };
    workers.add(worker);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      worker.stderr.push(...chunk.split('\n').filter(Boolean));
      worker.stderr.splice(0, Math.max(0, worker.stderr.length - STDERR_LINES));
    });
    child.on('message', (message: ChildMessage) => {
      if (child.pid !== undefined) onChildMessage?.(message, child.pid);
      if (message.id !== worker.job?.id) return;
      if (message.type === 'done') settle(worker, { text: message.text });
      if (message.type === 'failed') {
        const cause = message.reason === 'audio' ? new AudioDecodeError(message.message) : undefined;
        settle(worker, { error: new TranscriptionError(message.message, { cause }) });
        // A model that did not load is tried afresh by the next job, in a new child.
        if (message.reason !== 'audio') kill(worker, message.message);
      }
      if (message.type !== 'decoded') {
        rest(worker);
        pump();
      }
    });
    const gone = (why: string) => {
      if (!workers.delete(worker)) return;
      clearTimeout(worker.idleTimer);
      const reason = worker.killedBecause && worker.killedBecause !== 'idle' ? worker.killedBecause : `The transcription engine stopped (${why}).${stderrTail(worker)}`;
      settle(worker, { error: new TranscriptionError(reason) });
      if (child.pid !== undefined) onChildExit?.(child.pid, why);
      pump();
    };
    child.on('exit', (code, signal) => gone(signal ?? `exit code ${code}`));
    child.on('error', (error) => gone(error.message));
    return worker;
  }

  async function close(): Promise<void> {
    closed = true;
    for (const job of queue.splice(0)) job.reject(closedError());
    const exits = [...workers].map((worker) => {
      const exited = new Promise<void>((resolve) => {
        if (worker.child.exitCode !== null || worker.child.signalCode !== null) resolve();
        else worker.child.once('exit', () => resolve());
      });
      // An idle child is unreferenced: without this the process could end before its exit
      // is seen, and the spool below would stay behind.
      worker.child.ref();
      kill(worker, 'The local transcription engine was closed.');
      return exited;
    });
    await Promise.all(exits);
    if (spool) await rm(await spool, { recursive: true, force: true });
  }

  return {
    driver: 'local',
    model: basename(modelFile),
    transcribe,
    close,
    childPids: () => [...workers].flatMap((worker) => (worker.child.pid === undefined ? [] : [worker.child.pid])),
  };
}

const closedError = () => new TranscriptionError('The local transcription engine was closed.');

function stderrTail(worker: Worker): string {
  return worker.stderr.length > 0 ? ` Its last words: ${worker.stderr.slice(-3).join(' / ')}` : '';
}

/**
 * The child's entry: engine-child.ts run through tsx in development and tests, the built
 * engine-child.js beside this file in production (tsconfig.build.json builds it).
 */
const childEntry = (() => {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href;
    return { file: fileURLToPath(new URL('./engine-child.ts', here)), execArgv: ['--import', tsx] };
  }
  return { file: fileURLToPath(new URL('./engine-child.js', here)), execArgv: [] };
})();
