// Benchmark (issue 25 "Yours to keep"): the archive of everything for a family with a lot of
// video, made by the server's own job, beside `zip -0 -r` of the same stored files.
// Target: the server's RSS grows at most 150 MB while it makes the archive, whatever its size.
//
//   npm run bench:archive-everything [-- --megabytes 2000] [-- --rounds 3]
//
// Writes its section of bench/README.md.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { writeSection } from './readme.js';
import { benchApi, bytesOf, commandArgs, fileVideoMonth, log, makeVideo, median, startHeirloom, type Heirloom } from './support.js';

/** Phone videos of at most 100 MB each (the wizard's limit is 250 MB), at least four. */
const VIDEO_MAX_BYTES = 100 * 1000 * 1000;
const VIDEOS_MIN = 4;
const PASSWORD = 'a long bench password';

/**
 * Sets the process's peak RSS (VmHWM) back to its RSS now (Linux: `5` into clear_refs), so the
 * peak read afterwards is the archive's, not the uploads' before it.
 */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/**
 * `zip -0 -q -r` of `folder` into a file beside the data, as the archive is written to the store
 * on the same disk. Seconds. Not execFileSync: a loop blocked for minutes would miss the server
 * closing the idle kept-alive connection, and the next call would go out on a closed socket.
 */
async function zipOnce(folder: string, out: string): Promise<number> {
  rmSync(out, { force: true });
  const started = process.hrtime.bigint();
  await promisify(execFile)('zip', ['-0', '-q', '-r', out, '.'], { cwd: folder });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  rmSync(out);
  return seconds;
}

interface Made {
  seconds: number;
  bytes: number;
  files: number;
  peakGrowth: number;
}

/** One archive through the API: asked for, its progress read until ready (the web page asks every 2 s; this every 100 ms). */
async function makeArchive(server: Heirloom, cookie: string): Promise<Made> {
  const before = bytesOf(server.pid, 'VmRSS');
  resetPeak(server.pid);
  const started = process.hrtime.bigint();
  const { id } = await benchApi(server.origin, cookie, 'POST', '/api/archives/everything');
  for (;;) {
    const archive = await benchApi(server.origin, cookie, 'GET', `/api/archives/${id}`);
    if (archive.status === 'failed') throw new Error(`the archive failed: ${archive.error}`);
    if (archive.status === 'ready') {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      return { seconds, bytes: archive.bytes, files: archive.counts.files, peakGrowth: bytesOf(server.pid, 'VmHWM') - before };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { megabytes: { type: 'string', default: '2000' }, rounds: { type: 'string', default: '3' } } });
  const total = Number(values.megabytes) * 1000 * 1000;
  const rounds = Number(values.rounds);
  if (!(total > 0) || !(rounds > 0)) throw new Error('--megabytes and --rounds take positive numbers');
  const count = Math.max(VIDEOS_MIN, Math.ceil(total / VIDEO_MAX_BYTES));
  const loadAverage = loadavg()[0]!.toFixed(1);
  const work = mkdtempSync(join(tmpdir(), 'heirloom-bench-everything-'));
  let server: Heirloom | undefined;
  try {
    const dataDir = join(work, 'data');
    server = await startHeirloom(dataDir);
    const { origin } = server;
    const signUp = await fetch(`${origin}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.org', password: PASSWORD, displayName: 'Bench' }),
    });
    if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
    const cookie = signUp.headers.get('set-cookie')!.split(';')[0]!;
    log(`Filing ${count} memories with a video each, ${(total / 1e6).toFixed(0)} MB in all…`);
    // One video at a time, made and uploaded, so the bench needs the disk once over, not twice.
    for (let index = 0; index < count; index++) {
      const video = join(work, `video-${index + 1}.mp4`);
      await makeVideo(video, Math.floor(total / count), index);
      await fileVideoMonth(origin, cookie, [video], '2024-03');
      rmSync(video);
    }

    const stored = join(dataDir, 'media', 'videos');
    const storedBytes = readdirSync(stored).reduce((sum, name) => sum + statSync(join(stored, name)).size, 0);
    const zipOut = join(work, 'reference.zip');
    const zipRuns: number[] = [];
    const made: Made[] = [];
    // zip and the archive take turns, so a busy moment of a shared machine weighs on both alike.
    for (let round = 0; round < rounds; round++) {
      zipRuns.push(await zipOnce(stored, zipOut));
      made.push(await makeArchive(server, cookie));
      const last = made.at(-1)!;
      log(`  round ${round + 1}: zip ${zipRuns.at(-1)!.toFixed(1)} s, archive ${last.seconds.toFixed(1)} s, RSS growth ${(last.peakGrowth / 1e6).toFixed(1)} MB`);
    }
    const growths = made.map((each) => each.peakGrowth / 1e6);
    const worstGrowth = Math.max(...growths);
    const ratios = made.map((each, round) => each.seconds / zipRuns[round]!);
    const archive = made.at(-1)!;

    const report = `## Archive of everything with ${(storedBytes / 1e6).toFixed(0)} MB of video

Command: \`npm run bench:archive-everything${commandArgs()}\` (runs \`node --import tsx bench/archive-everything.ts\`), on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${process.platform}/${process.arch}, 2 cores shared with other work (load average ${loadAverage} when it started).

The server runs as its own process on SQLite and local storage. The benchmark signs up and
files ${count} memories, each with one MP4 video of ${(storedBytes / count / 1e6).toFixed(0)} MB (bytes that do not compress)
sent through the direct-upload flow. Each round it asks for the archive of everything
(\`POST /api/archives/everything\`) and reads its progress until it is ready: the job reads every
file twice (once for its SHA-256, which names it, once into the zip) and streams the zip
into the store, ${(archive.bytes / 1e6).toFixed(0)} MB holding ${archive.files} files. The yardstick is \`zip -0 -q -r\` of the same stored
files into a file on the same disk. Peak RSS growth is the server's \`VmHWM\` when the archive is
ready minus its \`VmRSS\` when it was asked for (the peak reset then through \`/proc/PID/clear_refs\`).

| measure | result | target | verdict |
|---|---|---|---|
| server peak RSS growth, worst round | ${worstGrowth.toFixed(1)} MB | ≤ 150 MB | ${worstGrowth <= 150 ? 'met' : 'missed'} |
| archive made, median | ${median(made.map((each) => each.seconds)).toFixed(1)} s | | |
| \`zip -0 -r\`, median | ${median(zipRuns).toFixed(1)} s | | |
| archive ÷ zip time, median of the rounds | ${median(ratios).toFixed(2)} × | | |

Each round, RSS growth: ${growths.map((value) => `${value.toFixed(1)} MB`).join(', ')}; archive ÷ zip: ${ratios.map((value) => `${value.toFixed(2)} ×`).join(', ')}.
The archive reads every byte twice where zip reads it once (the second read from the page cache
when the file is still there) and hashes it with SHA-256 besides the CRC-32; no target is set
for its time, which is reported beside zip's so a slowdown shows.
`;
    writeSection('archive-everything', report);
    log(report);
  } finally {
    server?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
