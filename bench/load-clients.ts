// The clients of the mixed-load benchmark (bench/mixed-load.ts), each a loop that behaves as
// one person's browser would, until the phase's deadline: the bell polling, a reader walking
// timeline pages and opening memories, an uploader filing memories with photos, and someone
// downloading a month archive. Every request is timed to its last byte and recorded.
import { execFile } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import type { Memory, MemoryPage } from '../common/memories.js';
import type { Failure, Kind, Sample } from './load-stats.js';

/** What one phase's clients record into. */
export class Recorder {
  readonly samples: Sample[] = [];
  readonly failures: Failure[] = [];
  readonly started = performance.now();
  /** Requests sent and not yet answered to their last byte, by kind: few while the server keeps up. */
  private readonly unanswered = new Map<Kind, number>();

  constructor(readonly seconds: number) {}

  get deadline() {
    return this.started + this.seconds * 1000;
  }

  running(): boolean {
    return performance.now() < this.deadline;
  }

  /** Every kind's requests in flight, or one kind's. */
  inFlight(kind?: Kind): number {
    if (kind) return this.unanswered.get(kind) ?? 0;
    let total = 0;
    for (const count of this.unanswered.values()) total += count;
    return total;
  }

  sending(kind: Kind, change: 1 | -1): void {
    this.unanswered.set(kind, this.inFlight(kind) + change);
  }

  /** Milliseconds since the phase began. */
  now(): number {
    return performance.now() - this.started;
  }

  /** Waits `ms`, or less when the phase ends sooner. */
  async pause(ms: number): Promise<void> {
    const left = this.deadline - performance.now();
    if (ms > 0 && left > 0) await delay(Math.min(ms, left));
  }
}

/** One signed-in client: its session, its dice and where it records. */
export interface Client {
  origin: string;
  cookie: string;
  recorder: Recorder;
  random: () => number;
}

/** A think time between `min` and `max` ms. */
export const thinkTime = (client: Client, [min, max]: readonly [number, number]) => min + client.random() * (max - min);

/**
 * One request, timed from its start to the last byte of the answer. Answers the body, or null
 * when the request failed (recorded as a failure, never as a sample).
 */
async function send(client: Client, kind: Kind, path: string, init: RequestInit = {}): Promise<Buffer | null> {
  const { recorder } = client;
  const at = recorder.now();
  const started = performance.now();
  recorder.sending(kind, 1);
  try {
    const response = await fetch(new URL(path, client.origin), { ...init, headers: { cookie: client.cookie, ...init.headers } });
    const body = Buffer.from(await response.arrayBuffer());
    const ms = performance.now() - started;
    if (!response.ok) {
      recorder.failures.push({ kind, at, what: `${response.status} ${body.toString('utf8', 0, 200)}` });
      return null;
    }
    recorder.samples.push({ kind, at, ms, bytes: body.length });
    return body;
  } catch (error) {
    const cause = error instanceof Error ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}` : String(error);
    recorder.failures.push({ kind, at, what: cause });
    return null;
  } finally {
    recorder.sending(kind, -1);
  }
}

async function json<T>(client: Client, kind: Kind, path: string, init?: RequestInit): Promise<T | null> {
  const body = await send(client, kind, path, init);
  return body === null ? null : (JSON.parse(body.toString('utf8')) as T);
}

/** The bell (memories §9): the unread count, then the list, every `interval` ms from `offset` on. */
export async function poller(client: Client, interval: number, offset: number): Promise<void> {
  const { recorder } = client;
  let next = offset;
  await recorder.pause(next - recorder.now());
  while (recorder.running()) {
    await json<{ count: number }>(client, 'unread-count', '/api/notifications/unread-count');
    await json<unknown[]>(client, 'notifications', '/api/notifications');
    // On schedule, as a browser's timer is; one that fell behind polls again at once, without catching up.
    next = Math.max(next + interval, recorder.now());
    await recorder.pause(next - recorder.now());
  }
}

export interface ReaderOptions {
  timelineId: string;
  /** Between a page and each memory opened from it. */
  think: readonly [number, number];
  opensPerPage: number;
}

/**
 * A person scrolling a timeline (memories §2): a page of 20 with its cards' thumbnails, then
 * a few of its memories opened in the detail dialog (the memory, its comments, its photos'
 * display copies), then the next page; from the newest again after the last.
 */
export async function reader(client: Client, options: ReaderOptions): Promise<void> {
  const { recorder } = client;
  let cursor: string | null = null;
  while (recorder.running()) {
    const query: string = `limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page: MemoryPage | null = await json<MemoryPage>(client, 'timeline-page', `/api/timelines/${options.timelineId}/memories?${query}`);
    if (page === null) {
      cursor = null;
      await recorder.pause(thinkTime(client, options.think));
      continue;
    }
    // The browser fetches a page's thumbnails together as its cards appear.
    await Promise.all(page.memories.flatMap((memory) => memory.images.map((image) => send(client, 'thumbnail', image.thumbnailUrl))));
    cursor = page.nextCursor;
    for (let opened = 0; opened < options.opensPerPage && page.memories.length > 0 && recorder.running(); opened++) {
      await recorder.pause(thinkTime(client, options.think));
      if (!recorder.running()) break;
      const chosen = page.memories[Math.floor(client.random() * page.memories.length)]!;
      const [memory] = await Promise.all([
        json<Memory>(client, 'memory', `/api/memories/${chosen.id}`),
        json<unknown[]>(client, 'comments', `/api/memories/${chosen.id}/comments`),
      ]);
      if (memory) await Promise.all(memory.images.map((image) => send(client, 'image', image.url)));
    }
    await recorder.pause(thinkTime(client, options.think));
  }
}

export interface UploaderOptions {
  timelineId: string;
  /** The family's ids: each memory is shared with all of them, so each upload rings three bells. */
  sharedWith: string[];
  photos: Buffer[];
  think: readonly [number, number];
}

/** Someone filing memories of 1 to 3 photos each (memories §3, multipart POST /api/memories), one after another. */
export async function uploader(client: Client, options: UploaderOptions): Promise<void> {
  const { recorder } = client;
  let filed = 0;
  while (recorder.running()) {
    const form = new FormData();
    form.append('title', `Photos from the weekend #${++filed}`);
    form.append('content', 'Everyone came, even the cousins from the coast.');
    form.append('timelineIds', JSON.stringify([options.timelineId]));
    form.append('sharedWith', JSON.stringify(options.sharedWith));
    const count = 1 + Math.floor(client.random() * 3);
    for (let index = 0; index < count; index++) {
      const photo = options.photos[Math.floor(client.random() * options.photos.length)]!;
      form.append('images', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `IMG_${filed}_${index + 1}.jpg`);
    }
    const created = await json<Memory>(client, 'upload', '/api/memories', { method: 'POST', body: form, headers: { origin: client.origin } });
    if (created && created.images.length !== count) {
      recorder.failures.push({ kind: 'upload', at: recorder.now(), what: `sent ${count} photos, the memory holds ${created.images.length}` });
    }
    await recorder.pause(thinkTime(client, options.think));
  }
}

/**
 * Downloads `path` with curl to /dev/null, as a browser saves a file: native code reading as
 * fast as the server sends, off this process's event loop. Answers status, bytes and seconds.
 */
export function curlDownload(
  client: Pick<Client, 'origin' | 'cookie'>,
  path: string,
  bytesPerSecond?: number,
): Promise<{ status: string; bytes: number; seconds: number }> {
  const args = ['-sS', ...(bytesPerSecond ? ['--limit-rate', String(bytesPerSecond)] : []), '-o', '/dev/null', '-w', '%{http_code} %{size_download} %{time_total}', '-H', `cookie: ${client.cookie}`, new URL(path, client.origin).href];
  return new Promise((resolve, reject) =>
    execFile('curl', args, (error, stdout, stderr) => {
      if (error) reject(new Error(stderr.trim() || error.message));
      else {
        const [status, bytes, seconds] = stdout.split(' ');
        resolve({ status: status!, bytes: Number(bytes), seconds: Number(seconds) });
      }
    }),
  );
}

/**
 * The month archive (memories §7 "Bulk export"), downloaded to its end again and again, at
 * most `bytesPerSecond`. An
 * archive shorter than `minBytes` (the media the month holds) counts as a failure: a stream
 * cut short.
 */
export async function archiver(client: Client, path: string, minBytes: number, bytesPerSecond: number): Promise<void> {
  const { recorder } = client;
  while (recorder.running()) {
    const at = recorder.now();
    try {
      const { status, bytes, seconds } = await curlDownload(client, path, bytesPerSecond);
      if (status !== '200') recorder.failures.push({ kind: 'archive', at, what: `${status}` });
      else if (bytes < minBytes) recorder.failures.push({ kind: 'archive', at, what: `${bytes} bytes, fewer than the ${minBytes} the month's media holds` });
      else recorder.samples.push({ kind: 'archive', at, ms: seconds * 1000, bytes });
    } catch (error) {
      // curl's message names how long it tried; without it, one cause is one group.
      recorder.failures.push({ kind: 'archive', at, what: (error instanceof Error ? error.message : String(error)).replace(/ after \d+ ms/, '') });
      // A person would not retry a failed download at once, and a loop that does would spin.
      await recorder.pause(1000);
    }
  }
}
