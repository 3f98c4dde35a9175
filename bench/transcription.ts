// Benchmark (issue 22 "Tests and measures"): the local engine on this machine, through the
// product's own path (POST /api/audio/transcribe on a server started with TRANSCRIBE=local).
// 1. Real-time factor of a 5-minute recording (jfk.wav repeated, 16 kHz WAV; and WebM/Opus);
//    the reference is decoding the same file in this process, which is part of that time.
// 2. The API's p95 while the engine works against idle: the engine's child must never hold
//    the server's event loop (target: at most 20 % higher).
// 3. The RSS a loaded model adds: the server's engine child (found as a child of the server's
//    pid) against an engine child that has loaded nothing, and the server's own RSS.
//
//   npm run bench:transcription [-- --model FILE] [-- --webm-seconds 300] [-- --window 15]
//
// A real whisper.cpp model is measured beside the weightless test model when `--model` or
// HEIRLOOM_BENCH_MODEL names one. Writes its section of bench/README.md.
import { execFile, execFileSync, fork, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { decodeToMono16k } from '../server/audio/decode/index.js';
import type { ChildMessage, TranscribeJob } from '../server/providers/ai/local/protocol.js';
import { writeSection } from './readme.js';
import { bytesOf, log, median, p95, root, startHeirloom, type Heirloom } from './support.js';

/** whisper.cpp's weightless test model (MIT): it loads, runs every step and hears no words. */
const TEST_MODEL = join(root, '../shared/fixtures/speech/for-tests-ggml-tiny.bin');
const JFK = join(root, '../shared/fixtures/speech/jfk.wav');
const JFK_WEBM = join(root, 'server/audio/decode/fixtures/jfk-opus.webm');
const LONG_SECONDS = 300;
/** 5-minute recordings queued behind each other in each busy round (concurrency 1). */
const QUEUED = 2;
/** Rounds of idle, spinner and busy windows, taking turns so a busy moment weighs on all three. */
const ROUNDS = 2;
/** Seconds the API is asked in each window. */
const WINDOW_SECONDS = 15;
const P95_TARGET = 1.2;
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

const mb = (bytes: number) => `${bytes < 0 ? '−' : ''}${(Math.abs(bytes) / 1e6).toFixed(Math.abs(bytes) < 10e6 ? 1 : 0)} MB`;
/** A difference in memory with its sign: +12 MB, −3 MB. */
const added = (bytes: number) => `${bytes >= 0 ? '+' : ''}${mb(bytes)}`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** jfk.wav's 16 kHz 16-bit mono samples repeated to `seconds`, as a WAV file. */
function writeLongWav(path: string, seconds: number): void {
  const source = readFileSync(JFK);
  // Walk the chunks: jfk.wav has a LIST chunk before its data.
  let offset = 12;
  let pcm: Buffer | null = null;
  while (offset + 8 <= source.length) {
    const id = source.toString('ascii', offset, offset + 4);
    const size = source.readUInt32LE(offset + 4);
    if (id === 'fmt ' && (source.readUInt16LE(offset + 10) !== 1 || source.readUInt32LE(offset + 12) !== 16_000)) throw new Error('jfk.wav is not 16 kHz mono PCM');
    if (id === 'data') pcm = source.subarray(offset + 8, offset + 8 + size);
    offset += 8 + size + (size % 2);
  }
  if (!pcm) throw new Error('jfk.wav holds no data chunk');
  const bytes = seconds * 16_000 * 2;
  const data = Buffer.alloc(bytes);
  for (let at = 0; at < bytes; at += pcm.length) pcm.copy(data, at, 0, Math.min(pcm.length, bytes - at));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + bytes, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(bytes, 40);
  writeFileSync(path, Buffer.concat([header, data]));
}

/** The WebM/Opus fixture's packets repeated to `seconds`, copied without re-encoding (needs ffmpeg). */
function writeLongWebm(path: string, seconds: number): boolean {
  try {
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-stream_loop', '-1', '-i', JFK_WEBM, '-t', String(seconds), '-c', 'copy', path]);
    return true;
  } catch {
    return false;
  }
}

/** POST /api/audio/transcribe with curl (no client timeout: a long story may take minutes). */
function transcribeOver(server: Heirloom, cookie: string, file: string, type: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) =>
    execFile(
      'curl',
      ['-sS', '-o', '/dev/null', '-w', '%{http_code}', '-H', `cookie: ${cookie}`, '-H', `origin: ${server.origin}`, '-F', `audio=@${file};type=${type}`, `${server.origin}/api/audio/transcribe`],
      (error, stdout) => {
        if (error) return reject(error);
        if (stdout !== '200') return reject(new Error(`POST /api/audio/transcribe of ${basename(file)} answered ${stdout}`));
        resolve(performance.now() - started);
      },
    ),
  );
}

/** The server's engine child: a child process of the server's pid running engine-child. */
function engineChildOf(serverPid: number): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === serverPid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('engine-child')) return Number(entry);
    } catch {
      // Gone between the listing and the read.
    }
  }
  return null;
}

/** CPU seconds a process has used (user + system). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** GET /api/timelines one request at a time for `seconds`; answers each request's milliseconds. */
async function askApi(server: Heirloom, cookie: string, seconds: number): Promise<number[]> {
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    const response = await fetch(`${server.origin}/api/timelines`, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET /api/timelines answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

/**
 * An engine child as the server forks it, given a job whose audio does not exist: it answers
 * once its imports are done, having decoded nothing and loaded no model. Its RSS is the
 * reference the server's child is measured against.
 */
async function bareEngineChildRss(): Promise<number> {
  const child = fork(join(root, 'server/providers/ai/local/engine-child.ts'), [], { cwd: root, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'json' });
  try {
    const job: TranscribeJob = { type: 'transcribe', id: 1, audioPath: '/nonexistent.wav', modelFile: TEST_MODEL, language: 'auto', threads: 1 };
    child.send(job);
    const [answer] = (await once(child, 'message')) as [ChildMessage];
    if (answer.type !== 'failed' || answer.reason !== 'audio') throw new Error(`the bare engine child answered ${JSON.stringify(answer)}`);
    return bytesOf(child.pid!, 'VmRSS');
  } finally {
    child.kill('SIGKILL');
  }
}

/** Decoding `file` in this process, as the child does first: the median of `rounds`, milliseconds. */
async function decodeMs(file: string, rounds: number): Promise<{ ms: number; seconds: number }> {
  const runs: number[] = [];
  let seconds = 0;
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    seconds = (await decodeToMono16k(file)).length / 16_000;
    runs.push(performance.now() - started);
  }
  return { ms: median(runs), seconds };
}

interface ModelRun {
  model: string;
  modelBytes: number;
  coldMs: number;
  wavMs: number;
  webmMs: number | null;
  serverIdleRss: number;
  serverAfterRss: number;
  serverPeak: number;
  childLoadedRss: number;
  childPeak: number;
  windows: ApiWindows[];
}

async function measureModel(modelFile: string, files: { wav: string; webm: string | null }, windowSeconds: number, work: string): Promise<ModelRun> {
  process.env.TRANSCRIBE = 'local';
  process.env.TRANSCRIBE_MODEL_FILE = modelFile;
  process.env.TRANSCRIBE_CONCURRENCY = '1';
  const server = await startHeirloom(join(work, `data-${basename(modelFile)}`));
  try {
    const { origin } = server;
    const signUp = await fetch(`${origin}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'bench@example.org', password: 'a long bench password', displayName: 'Bench' }),
    });
    if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
    const cookie = signUp.headers.get('set-cookie')!.split(';')[0]!;
    await askApi(server, cookie, 2);
    const serverIdleRss = bytesOf(server.pid, 'VmRSS');

    // The first recording forks the child and loads the model; later ones find it loaded.
    log(`  ${basename(modelFile)}: first recording (jfk.wav, 11 s)…`);
    const coldMs = await transcribeOver(server, cookie, JFK, 'audio/wav');
    const child = engineChildOf(server.pid);
    if (!child) throw new Error('no engine child under the server after a transcription');
    const childLoadedRss = bytesOf(child, 'VmRSS');

    log(`  5-minute WAV…`);
    const wavMs = await transcribeOver(server, cookie, files.wav, 'audio/wav');
    let webmMs: number | null = null;
    if (files.webm) {
      log(`  WebM/Opus…`);
      webmMs = await transcribeOver(server, cookie, files.webm, 'audio/webm');
    }
    // Before the API windows, whose tens of thousands of requests size the server's heap too.
    const serverAfterRss = bytesOf(server.pid, 'VmRSS');
    const serverPeak = bytesOf(server.pid, 'VmHWM');

    const windows: ApiWindows[] = [];
    let childPeak = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      log(`  round ${round}: the API idle, beside a spinning core, and while ${QUEUED} 5-minute recordings are queued, ${windowSeconds} s each…`);
      const idle = await askApi(server, cookie, windowSeconds);
      const spinner = await beside(spinningCore(), () => askApi(server, cookie, windowSeconds));
      let answered = 0;
      const queued = Array.from({ length: QUEUED }, () => transcribeOver(server, cookie, files.wav, 'audio/wav').then(() => answered++));
      // The window opens once the child is at work on the first of them.
      const busyChild = await childAtWork(server.pid);
      const cpuBefore = cpuSeconds(busyChild);
      const windowStart = performance.now();
      const busy = await askApi(server, cookie, windowSeconds);
      const childCpuShare = (cpuSeconds(busyChild) - cpuBefore) / ((performance.now() - windowStart) / 1000);
      const stillQueued = QUEUED - answered;
      await Promise.all(queued);
      childPeak = Math.max(childPeak, bytesOf(busyChild, 'VmHWM'));
      windows.push({ idle, spinner, busy, childCpuShare, stillQueued });
    }
    return {
      model: basename(modelFile),
      modelBytes: statSync(modelFile).size,
      coldMs,
      wavMs,
      webmMs,
      serverIdleRss,
      serverAfterRss,
      serverPeak,
      childLoadedRss,
      childPeak,
      windows,
    };
  } finally {
    server.stop();
  }
}

interface ApiWindows {
  /** Each request's milliseconds: nothing else running, beside a spinning core, while the engine works. */
  idle: number[];
  spinner: number[];
  busy: number[];
  /** The share of one core the engine's child used during the busy window. */
  childCpuShare: number;
  /** Recordings not yet answered when the busy window closed (0 would mean it closed on an idle engine). */
  stillQueued: number;
}

/**
 * A process that keeps one core busy and does nothing else: what whisper's cores − 1 threads
 * take from the server on this 2-core machine, without any tie to the server's process.
 */
function spinningCore() {
  return spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' });
}

async function beside<T>(child: ReturnType<typeof spawn>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    child.kill('SIGKILL');
    if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
  }
}

/** The engine child once it is using the CPU (the upload has arrived and decoding began). */
async function childAtWork(serverPid: number): Promise<number> {
  for (;;) {
    const child = engineChildOf(serverPid);
    if (child) {
      const before = cpuSeconds(child);
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (cpuSeconds(child) - before > 0.1) return child;
    } else {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { model: { type: 'string' }, 'webm-seconds': { type: 'string', default: String(LONG_SECONDS) }, window: { type: 'string', default: String(WINDOW_SECONDS) } } });
  const realModel = values.model ?? process.env.HEIRLOOM_BENCH_MODEL ?? null;
  if (realModel && !existsSync(realModel)) throw new Error(`the model ${realModel} does not exist`);
  const webmSeconds = Number(values['webm-seconds']);
  const windowSeconds = Number(values.window);
  const loadAtStart = loadavg()[0]!.toFixed(1);
  const work = mkdtempSync(join(tmpdir(), 'heirloom-bench-transcription-'));
  try {
    const wav = join(work, 'five-minutes.wav');
    writeLongWav(wav, LONG_SECONDS);
    const webmPath = join(work, `jfk-${webmSeconds}s.webm`);
    const webm = writeLongWebm(webmPath, webmSeconds) ? webmPath : null;

    log('Decoding in this process (the reference)…');
    const wavDecode = await decodeMs(wav, 3);
    // One round: decoding WebM is slow (see the report).
    const webmDecode = webm ? await decodeMs(webm, 1) : null;
    // WebM decoding grows faster than the recording: half the length shows by how much.
    const webmHalf = webm ? join(work, `jfk-${webmSeconds / 2}s.webm`) : null;
    const webmHalfDecode = webmHalf && writeLongWebm(webmHalf, webmSeconds / 2) ? await decodeMs(webmHalf, 1) : null;
    const bareChild = await bareEngineChildRss();

    const models = [TEST_MODEL, ...(realModel ? [realModel] : [])];
    const runs: ModelRun[] = [];
    for (const model of models) {
      log(`Model ${basename(model)}:`);
      runs.push(await measureModel(model, { wav, webm }, windowSeconds, work));
    }
    writeSection('transcription', report({ runs, wavDecode, webmDecode, webmHalfDecode, webmSeconds, windowSeconds, bareChild, realModel, loadAtStart }));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

interface ReportInput {
  runs: ModelRun[];
  wavDecode: { ms: number; seconds: number };
  webmDecode: { ms: number; seconds: number } | null;
  webmHalfDecode: { ms: number; seconds: number } | null;
  webmSeconds: number;
  windowSeconds: number;
  bareChild: number;
  realModel: string | null;
  loadAtStart: string;
}

function report({ runs, wavDecode, webmDecode, webmHalfDecode, webmSeconds, windowSeconds, bareChild, realModel, loadAtStart }: ReportInput): string {
  const flags = [
    ...(realModel ? ['--model FILE'] : []),
    ...(webmSeconds === LONG_SECONDS ? [] : [`--webm-seconds ${webmSeconds}`]),
    ...(windowSeconds === WINDOW_SECONDS ? [] : [`--window ${windowSeconds}`]),
  ];
  const commandLine = flags.length > 0 ? ` -- ${flags.join(' ')}` : '';
  const pct = (ratio: number) => `${(ratio * 100).toFixed(0)} %`;
  const rtf = (ms: number, seconds: number) => (ms / 1000 / seconds).toFixed(ms / 1000 / seconds < 0.01 ? 4 : 3);
  const webmLength = webmSeconds === LONG_SECONDS ? '5-minute' : `${webmSeconds} s`;
  const rows = runs.flatMap((run) => {
    const pooled = (pick: (window: ApiWindows) => number[]) => run.windows.flatMap(pick);
    const idle = pooled((window) => window.idle);
    const spinner = pooled((window) => window.spinner);
    const busy = pooled((window) => window.busy);
    const ratio = p95(busy) / p95(idle);
    const engineBusyThroughout = run.windows.every((window) => window.stillQueued > 0);
    return [
      `| ${run.model} (${mb(run.modelBytes)}): 5-minute WAV, real-time factor | ${rtf(run.wavMs, LONG_SECONDS)} (${s(run.wavMs)}) | decoding it here ${rtf(wavDecode.ms, wavDecode.seconds)} (${wavDecode.ms.toFixed(0)} ms) | | | |`,
      ...(run.webmMs !== null && webmDecode
        ? [`| ${run.model}: ${webmLength} WebM/Opus, real-time factor | ${rtf(run.webmMs, webmDecode.seconds)} (${s(run.webmMs)}) | decoding it here ${rtf(webmDecode.ms, webmDecode.seconds)} (${s(webmDecode.ms)}) | | | |`]
        : []),
      `| ${run.model}: first recording (jfk.wav, 11 s: fork, model load, transcription) | ${s(run.coldMs)} | | | | |`,
      `| ${run.model}: API p95 while transcribing | ${p95(busy).toFixed(1)} ms (${busy.length} requests) | idle ${p95(idle).toFixed(1)} ms (${idle.length} requests) | ${pct(ratio)} | ≤ ${pct(P95_TARGET)} | ${ratio <= P95_TARGET && engineBusyThroughout ? 'met' : 'missed'} |`,
      `| ${run.model}: API p95 while transcribing, against a spinning core | ${p95(busy).toFixed(1)} ms | beside a spinning core ${p95(spinner).toFixed(1)} ms (${spinner.length} requests) | ${pct(p95(busy) / p95(spinner))} | | |`,
      `| ${run.model}: engine child RSS, model loaded | ${mb(run.childLoadedRss)} (peak ${mb(run.childPeak)}) | bare engine child ${mb(bareChild)} | ${added(run.childLoadedRss - bareChild)} | | |`,
      `| ${run.model}: server RSS | ${mb(run.serverAfterRss)} after the recordings above (peak since start ${mb(run.serverPeak)}) | ${mb(run.serverIdleRss)} before any recording | ${added(run.serverAfterRss - run.serverIdleRss)} | | |`,
    ];
  });
  const ms = (values: number[]) => `${p95(values).toFixed(1)} ms`;
  const windows = runs
    .map(
      (run) =>
        `${run.model}, p95 per round (idle / spinning core / transcribing): ${run.windows.map((window) => `${ms(window.idle)} / ${ms(window.spinner)} / ${ms(window.busy)}`).join('; ')}. The engine child used ${run.windows.map((window) => `${(window.childCpuShare * 100).toFixed(0)} %`).join(' and ')} of a core during the busy windows, with ${run.windows.map((window) => window.stillQueued).join(' and ')} of the ${QUEUED} recordings still unanswered when they closed`,
    )
    .join('. ');
  // Half the length decoded too: a decoder that slows with the file's length shows as more than ×2.
  const growth =
    webmDecode && webmHalfDecode
      ? ` Decoding WebM here: ${webmHalfDecode.seconds.toFixed(0)} s in ${s(webmHalfDecode.ms)}, ${webmDecode.seconds.toFixed(0)} s in ${s(webmDecode.ms)} (×${(webmDecode.ms / webmHalfDecode.ms).toFixed(1)} for twice the length). Until 2026-11-26 the child decoded WebM with \`@audio/decode-webm\`'s \`decode()\` of the whole file, which took 3–4 s for 30 s, 8.5–18 s for 60 s, 38–90 s for 120 s and had not finished 300 s after ten minutes (a probe outside this benchmark, on a loaded machine); \`server/audio/decode/webm-opus.ts\` now reads WebM/Opus's container itself.`
      : '';
  return `## Transcription on this machine: the local engine

Command: \`npm run bench:transcription${commandLine}\` (runs \`node --import tsx bench/transcription.ts\`), on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${process.platform}/${process.arch}, 2 cores shared with other work (load average ${loadAtStart} when it started, ${loadavg()[0]!.toFixed(1)} when it ended).

Heirloom runs as its own process on SQLite with \`TRANSCRIBE=local\`, \`TRANSCRIBE_MODEL_FILE\` the model
and \`TRANSCRIBE_CONCURRENCY=1\` (whisper's threads: cores − 1); every recording goes through
\`POST /api/audio/transcribe\` (curl, multipart), so each time counts the upload, the engine's
child decoding it and whisper. The 5-minute recording is \`jfk.wav\` repeated (16 kHz 16-bit mono
WAV, ${LONG_SECONDS} s); the WebM/Opus one is the fixture \`jfk-opus.webm\`'s packets repeated by ffmpeg
without re-encoding (${webmDecode ? `${webmSeconds} s` : 'not measured: no ffmpeg on this machine'}). Real-time factor = time to the answer ÷ the
recording's length (below 1 is faster than real time); the reference is decoding the same file
in the benchmark's process (\`decodeToMono16k\`; the WAV's the median of 3, the WebM's one round), the first step of that time.
${realModel ? `A real model was measured beside the test model (\`--model\` / \`HEIRLOOM_BENCH_MODEL\`).` : `No real model was given (\`--model FILE\` or \`HEIRLOOM_BENCH_MODEL\`): only the weightless test model
(\`../shared/fixtures/speech/for-tests-ggml-tiny.bin\`), which runs whisper's encoder and decoder with
empty weights and hears no words, so its speed is whisper's work per window, not a real model's.`}

The API: \`GET /api/timelines\`, signed in, one request at a time from the benchmark's process, for
${windowSeconds} s idle, ${windowSeconds} s beside a process that spins one core (\`node -e 'for (;;);'\`), and ${windowSeconds} s while ${QUEUED}
5-minute recordings are queued (the window opens once the engine's child is using the CPU), taking
turns for ${ROUNDS} rounds; each p95 pools its rounds. The spinning core is the second reference: whisper
takes cores − 1 threads, here one of the 2 cores the server and this client otherwise share, so
the spinner's p95 is what losing that core costs, with nothing tied to the server's process.
Transcribing above idle but level with the spinner is the core taken, not the event loop held.

The child's RSS is read from \`/proc/PID/status\` (the child found as the server's child process): \`VmRSS\` after the first recording, \`VmHWM\` after the
queued ones; the reference is the same engine child forked by the benchmark, answering a job
whose file does not exist (its imports done, no model loaded, nothing decoded). What it adds
includes the whisper addon's library pages; the child's peak includes a 5-minute recording
decoded (WebM's at 48 kHz before it is resampled). The server streams each recording to a file
and hands the child its path, so its own RSS should not grow with a recording's length.

| measure | result | reference (same run) | ratio | target | verdict |
|---|---|---|---|---|---|
${rows.join('\n')}

${windows}.${growth}
`;
}

await main();
