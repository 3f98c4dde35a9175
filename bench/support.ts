// What every benchmark needs around its measurement: the server as its own process, its
// memory figures, the statistics of the rounds, the test files and the report's command line.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The repository, where the server's and the build's paths start. */
export const root = fileURLToPath(new URL('..', import.meta.url));

export const log = (line: string) => console.log(line);

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The value under which 95 % of the samples lie (nearest rank). */
export const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;

/** A process's resident memory now (`VmRSS`) or at its peak so far (`VmHWM`), in bytes. */
export const bytesOf = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Until `url` answers 2xx, asking every `everyMs`; fails at once if `child` exits, and after
 * `withinMs` (a minute unless a first start that builds needs longer).
 */
export async function waitFor(url: string, child: ChildProcess, { withinMs = 60_000, everyMs = 200 } = {}): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`${url} did not answer within ${withinMs / 1000} s`);
}

export interface Heirloom {
  origin: string;
  pid: number;
  stop: () => void;
}

/**
 * glibc's allocator as the Dockerfile sets it and the README asks of a Linux server: two
 * arenas, and every block of 128 KiB or more in a mapping of its own, returned when freed.
 * Without the second, glibc raises that threshold as large blocks are freed, and sharp's pixel
 * buffers end up in the arenas, whose freed pages it keeps.
 */
export const ALLOCATOR_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/** The route bench/signed-in-floor.ts adds to the app: a signed-in answer of bytes held in memory. */
export const SIGNED_IN_FLOOR_PATH = '/api/bench/page-bytes';
/** The route bench/signed-in-floor.ts adds beside it: a timeline's page made from rows held in memory. */
export const PAGE_WITHOUT_STATEMENT_PATH = '/api/bench/page-without-statement';

/**
 * Heirloom as it runs in production: its own process, SQLite, local storage, warnings-only
 * logging, glibc's allocator set as above (unless the caller's environment sets it).
 * `webRoot` is the build it serves; left out, the server's own default (dist/web). `script` runs
 * another entry in its place (bench/signed-in-floor.ts), with `env` added to its environment.
 */
export async function startHeirloom(dataDir: string, options: { webRoot?: string; script?: string; env?: Record<string, string> } = {}): Promise<Heirloom> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', options.script ?? 'server/main.ts'], {
    cwd: root,
    env: {
      ...ALLOCATOR_ENV,
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      ...(options.webRoot === undefined ? {} : { WEB_ROOT: options.webRoot }),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      STORAGE: 'local',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => child.kill('SIGTERM');
  try {
    await waitFor(`${origin}/healthz`, child);
  } catch (error) {
    // One that never answered must not outlive the run either.
    stop();
    throw error;
  }
  return { origin, pid: child.pid!, stop };
}

/** Signs in through the API; answers the session cookie as `name=value`. */
export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

/**
 * A file whose first bytes make it an MP4 (an `ftyp` box), then pseudo-random bytes that do not
 * compress; a different `seed` gives different bytes.
 */
export async function makeVideo(path: string, size: number, seed = 0): Promise<void> {
  const file = await open(path, 'w');
  // size 0x18, 'ftyp', brand 'isom', version 0x200, compatible brands 'isom' 'iso2'
  const ftyp = Buffer.from('00000018' + '66747970' + '69736f6d' + '00000200' + '69736f6d' + '69736f32', 'hex');
  await file.write(ftyp);
  const chunk = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < chunk.length; i += 4) chunk.writeUInt32LE(((i + seed) * 2654435761) >>> 0, i);
  let written = ftyp.length;
  while (written < size) {
    const slice = chunk.subarray(0, Math.min(chunk.length, size - written));
    await file.write(slice);
    written += slice.length;
  }
  await file.close();
}

/** The arguments this run was given, folders shown as DIR, for the command line in the report. */
export const commandArgs = () => {
  const args = process.argv.slice(2).map((arg) => (arg.startsWith('-') || /^\d+$/.test(arg) ? arg : 'DIR'));
  return args.length > 0 ? ` -- ${args.join(' ')}` : '';
};

/** curl, as a browser's download is native code too; its figures come back as numbers. */
export function curl(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => execFile('curl', ['-sS', ...args], { maxBuffer: 1024 * 1024 }, (error, stdout) => (error ? reject(error) : resolve(stdout))));
}

export async function benchApi(origin: string, cookie: string, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { cookie, ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** A month (yyyy-MM) of memories, each with one video, through the API: the direct upload, the memory, its date (a day of the month, in turn). */
export async function fileVideoMonth(origin: string, cookie: string, videos: string[], month: string): Promise<void> {
  const timeline = (await benchApi(origin, cookie, 'POST', '/api/timelines', { name: 'Our Family' })) as { id: string };
  for (const [index, video] of videos.entries()) {
    const ticket = await benchApi(origin, cookie, 'POST', '/api/upload/presigned-url', { fileName: `video-${index + 1}.mp4`, mimeType: 'video/mp4' });
    const status = await curl(['-o', '/dev/null', '-w', '%{http_code}', '-T', video, '-H', 'content-type: video/mp4', '-H', 'expect:', new URL(ticket.uploadUrl, origin).href]);
    if (status !== '200' && status !== '204') throw new Error(`the video upload answered ${status}`);
    const form = new FormData();
    form.append('title', `A filmed afternoon #${index + 1}`);
    form.append('content', 'We filmed the whole afternoon.');
    form.append('timelineIds', JSON.stringify([timeline.id]));
    form.append('directVideoUrls', ticket.finalUrl);
    const memory = await benchApi(origin, cookie, 'POST', '/api/memories', form);
    await benchApi(origin, cookie, 'PATCH', `/api/memories/${memory.id}`, { createdAt: `${month}-${String((index % 28) + 1).padStart(2, '0')}T12:00:00.000Z` });
  }
}
