// Benchmark (issue 19 "Memory and size", big answers): GET /api/memories over memories whose
// notes and transcription are full (MEMORY_TEXT_MAX characters each), at one count and at three
// times it, reporting the server's peak RSS while it answers. The list is read a batch at a
// time and written as it is read (server/http/json-list.ts), so the peak should not follow
// the count. Target: the peak at three times the memories within 16 MB of the peak at one
// (before the streaming, 1000 such memories grew the server by ~500 MB). The server's V8 heap
// is held to SERVER_HEAP_MB, as on a small server: left free, V8 lets a long answer's garbage
// pile up before it collects (a 3000-memory answer peaked 219 MB over the RSS before it on
// 2026-11-25), which measures V8's choice rather than what the answer needs.
//
//   npm run bench:lists [-- --memories 1000]
//
// Writes its section of bench/README.md.
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MEMORY_TEXT_MAX } from '../common/limits.js';
import { writeSection } from './readme.js';
import { bytesOf, log, startHeirloom, type Heirloom } from './support.js';

const PASSWORD = 'a long bench password';
/** How much larger the second list is than the first. */
const FACTOR = 3;
/** Memories posted at once while filling. */
const PARALLEL = 4;
/** The server's V8 heap (--max-old-space-size), far below a 300 MB answer. */
const SERVER_HEAP_MB = 128;

async function api(origin: string, cookie: string, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { cookie, origin, ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** `count` memories with full notes and transcription, through the API, each a little different. */
async function fill(origin: string, cookie: string, timelineId: string, from: number, count: number): Promise<void> {
  const post = async (index: number) => {
    const words = `Memory ${index}: the long summer at the lake, told again. `;
    const text = words.repeat(Math.ceil(MEMORY_TEXT_MAX / words.length)).slice(0, MEMORY_TEXT_MAX);
    const form = new FormData();
    form.append('title', `Summer ${index}`);
    form.append('content', text);
    form.append('transcription', text);
    form.append('timelineIds', JSON.stringify([timelineId]));
    await api(origin, cookie, 'POST', '/api/memories', form);
  };
  for (let index = from; index < from + count; index += PARALLEL) {
    await Promise.all(Array.from({ length: Math.min(PARALLEL, from + count - index) }, (_, offset) => post(index + offset)));
  }
}

/**
 * GET /api/memories with curl to /dev/null, the server's peak RSS reset first (clear_refs 5),
 * so the peak is this answer's alone. Answers bytes, seconds, the RSS before and the peak.
 */
async function readAll(server: Heirloom, cookie: string): Promise<{ bytes: number; seconds: number; before: number; peak: number }> {
  writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
  const before = bytesOf(server.pid, 'VmRSS');
  const out = await new Promise<string>((resolve, reject) =>
    execFile('curl', ['-sS', '-o', '/dev/null', '-w', '%{http_code} %{size_download} %{time_total}', '-H', `cookie: ${cookie}`, `${server.origin}/api/memories`], (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    ),
  );
  const [status, bytes, seconds] = out.split(' ');
  if (status !== '200') throw new Error(`GET /api/memories answered ${status}`);
  return { bytes: Number(bytes), seconds: Number(seconds), before, peak: bytesOf(server.pid, 'VmHWM') };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { memories: { type: 'string', default: '1000' } } });
  const count = Number(values.memories);
  if (!(count > 0)) throw new Error('--memories takes a positive number');
  const loadAverage = loadavg()[0]!.toFixed(1);
  const work = mkdtempSync(join(tmpdir(), 'heirloom-bench-lists-'));
  let server: Heirloom | undefined;
  try {
    // startHeirloom hands the server this process's environment.
    process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=${SERVER_HEAP_MB}`.trim();
    server = await startHeirloom(join(work, 'data'));
    const { origin } = server;
    const signUp = await fetch(`${origin}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'bench@example.org', password: PASSWORD, displayName: 'Bench' }),
    });
    if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
    const cookie = signUp.headers.get('set-cookie')!.split(';')[0]!;
    const timeline = (await api(origin, cookie, 'POST', '/api/timelines', { name: 'Our Family' })) as { id: string };

    log(`Posting ${count} memories of ${MEMORY_TEXT_MAX} + ${MEMORY_TEXT_MAX} characters…`);
    await fill(origin, cookie, timeline.id, 0, count);
    // Read once before measuring, so both figures start from a warm server.
    await readAll(server, cookie);
    const small = await readAll(server, cookie);
    log(`  ${count}: ${(small.bytes / 1e6).toFixed(0)} MB in ${small.seconds.toFixed(1)} s, peak RSS ${(small.peak / 1e6).toFixed(1)} MB`);
    log(`Posting ${(FACTOR - 1) * count} more…`);
    await fill(origin, cookie, timeline.id, count, (FACTOR - 1) * count);
    await readAll(server, cookie);
    const large = await readAll(server, cookie);
    log(`  ${FACTOR * count}: ${(large.bytes / 1e6).toFixed(0)} MB in ${large.seconds.toFixed(1)} s, peak RSS ${(large.peak / 1e6).toFixed(1)} MB`);

    const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
    const spread = (large.peak - small.peak) / 1e6;
    const report = `## Long lists: GET /api/memories over full memories

Command: \`npm run bench:lists${values.memories === '1000' ? '' : ` -- --memories ${values.memories}`}\` (runs \`node --import tsx bench/long-lists.ts\`), on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${process.platform}/${process.arch}, 2 cores shared with other work (load average ${loadAverage} when it started).

The server runs as its own process on SQLite, its V8 heap held to ${SERVER_HEAP_MB} MB (\`--max-old-space-size\`)
as on a small server. The benchmark signs up and posts ${count} memories
whose notes and transcription are ${MEMORY_TEXT_MAX.toLocaleString('en-US')} characters each (the most a memory takes), then
${FACTOR * count}. Each time it downloads \`GET /api/memories\` with curl to \`/dev/null\` twice and keeps the
second, so both figures start from a server that has answered the list once. The peak is the
server's \`VmHWM\`, reset just before the download (\`/proc/PID/clear_refs\`). The list is read
100 memories a statement and written as it is read, so the peak should stay where it is however
long the list; what the first answer adds is V8 sizing its heap for the garbage of a batch.

| measure | ${count} memories | ${FACTOR * count} memories | target | verdict |
|---|---|---|---|---|
| answer | ${mb(small.bytes)} MB in ${small.seconds.toFixed(1)} s | ${mb(large.bytes)} MB in ${large.seconds.toFixed(1)} s | | |
| server RSS before the download | ${mb(small.before)} MB | ${mb(large.before)} MB | | |
| server peak RSS during it | ${mb(small.peak)} MB | ${mb(large.peak)} MB | | |
| peak at ${FACTOR}× the memories minus peak at 1× | | ${spread.toFixed(1)} MB | ≤ 16 MB | ${spread <= 16 ? 'met' : 'missed'} |

Before the streaming (commit 8cc519e), the whole list was read, presented and serialised at once:
measured in-process on 2026-11-25 with 1000 such memories, a 96 MB answer grew the heap by
384 MB and the RSS by 498 MB, and with V8's heap held to 96 MB the process ran out of memory;
after it, the same heap limit answered 3000 (288 MB) with the heap 58 MB above its start.
Without a heap limit V8 collects a long answer's garbage late: on 2026-11-25 the 3000-memory
answer peaked 219 MB over the RSS before it, the 1000-memory one 93 MB.
`;
    writeSection('long-lists', report);
    log(report);
  } finally {
    server?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
