// Benchmark (issue 10 "Benchmark"): download a month archive holding 1 GB of video and report
// the server's peak RSS growth and throughput, next to `zip -0 -r` of the same files.
// Target: RSS growth at most 150 MB, throughput at least half of zip's.
//
//   npm run bench:archive [-- --megabytes 1000] [-- --rounds 5]
//
// Writes its section of bench/README.md.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { writeSection } from './readme.js';
import { bytesOf, curl, fileVideoMonth, log, makeVideo, median, startHeirloom, type Heirloom } from './support.js';

/** A month of a family's phone videos: at most 100 MB each (the wizard's limit is 250 MB), at least four. */
const VIDEO_MAX_BYTES = 100 * 1000 * 1000;
const VIDEOS_MIN = 4;
const MONTH = '2024-03';
const PASSWORD = 'a long bench password';

/** The month archive over HTTP, to /dev/null. Answers bytes and seconds. */
async function download(origin: string, cookie: string): Promise<{ bytes: number; seconds: number }> {
  const out = await curl(['-o', '/dev/null', '-w', '%{http_code} %{size_download} %{time_total}', '-H', `cookie: ${cookie}`, `${origin}/api/bulk-download/archive?month=${MONTH}&tz=UTC`]);
  const [status, bytes, seconds] = out.split(' ');
  if (status !== '200') throw new Error(`the month archive answered ${status}`);
  return { bytes: Number(bytes), seconds: Number(seconds) };
}

/** `zip -0 -r` of the same files, written to /dev/null as the download is. Seconds. */
function zipOnce(folder: string): number {
  const sink = openSync('/dev/null', 'w');
  try {
    const started = process.hrtime.bigint();
    execFileSync('zip', ['-0', '-q', '-r', '-', '.'], { cwd: folder, stdio: ['ignore', sink, 'inherit'] });
    return Number(process.hrtime.bigint() - started) / 1e9;
  } finally {
    closeSync(sink);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { megabytes: { type: 'string', default: '1000' }, rounds: { type: 'string', default: '5' } } });
  const total = Number(values.megabytes) * 1000 * 1000;
  const rounds = Number(values.rounds);
  if (!(total > 0) || !(rounds > 0)) throw new Error('--megabytes and --rounds take positive numbers');
  const count = Math.max(VIDEOS_MIN, Math.ceil(total / VIDEO_MAX_BYTES));
  const loadAverage = loadavg()[0]!.toFixed(1);
  const work = mkdtempSync(join(tmpdir(), 'heirloom-bench-archive-'));
  let server: Heirloom | undefined;
  try {
    log(`Making ${count} videos, ${(total / 1e6).toFixed(0)} MB in all…`);
    const videos: string[] = [];
    for (let index = 0; index < count; index++) {
      const path = join(work, `video-${index + 1}.mp4`);
      await makeVideo(path, Math.floor(total / count), index);
      videos.push(path);
    }
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
    log('Uploading them as a month of memories…');
    await fileVideoMonth(origin, cookie, videos, MONTH);
    for (const video of videos) rmSync(video);

    // The same files the archive holds, as the store keeps them; read once so both sides start from a warm cache.
    const stored = join(dataDir, 'media', 'videos');
    const storedBytes = readdirSync(stored).reduce((sum, name) => sum + statSync(join(stored, name)).size, 0);
    execFileSync('sh', ['-c', 'cat * > /dev/null'], { cwd: stored });

    const { pid } = server;
    const rssBefore = bytesOf(pid, 'VmRSS');
    const zipRuns: number[] = [];
    const downloadRuns: number[] = [];
    let archiveBytes = 0;
    // zip and the download take turns, so a busy moment of a shared machine weighs on both alike.
    for (let round = 0; round < rounds; round++) {
      zipRuns.push(zipOnce(stored));
      const fetched = await download(origin, cookie);
      downloadRuns.push(fetched.seconds);
      archiveBytes = fetched.bytes;
      log(`  round ${round + 1}: zip ${(storedBytes / 1e6 / zipRuns.at(-1)!).toFixed(0)} MB/s, archive ${(archiveBytes / 1e6 / fetched.seconds).toFixed(0)} MB/s`);
    }
    const peakGrowth = bytesOf(pid, 'VmHWM') - rssBefore;
    const roundRatios = downloadRuns.map((seconds, round) => zipRuns[round]! / seconds);
    const ratio = median(roundRatios);
    const downloadMBps = storedBytes / 1e6 / median(downloadRuns);
    const zipMBps = storedBytes / 1e6 / median(zipRuns);
    const growthMB = peakGrowth / 1e6;

    const report = `## Month archive of ${(storedBytes / 1e6).toFixed(0)} MB of video

Command: \`npm run bench:archive${values.megabytes === '1000' ? '' : ` -- --megabytes ${values.megabytes}`}\` (runs \`node --import tsx bench/archive-month.ts\`), on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${process.platform}/${process.arch}, 2 cores shared with other work (load average ${loadAverage} when it started).

The server runs as its own process on SQLite and local storage. The benchmark signs up and
files ${count} memories in ${MONTH}, each with one MP4 video of ${(storedBytes / count / 1e6).toFixed(0)} MB (an \`ftyp\` box, then bytes
that do not compress) sent through the direct-upload flow. It then downloads
\`GET /api/bulk-download/archive?month=${MONTH}\` with curl to \`/dev/null\`: an outer zip of
${(archiveBytes / 1e6).toFixed(0)} MB holding one stored inner zip per memory. The yardstick is \`zip -0 -q -r - .\` over the
same stored files, written to \`/dev/null\` too. Both read from a warm page cache. They take
turns for ${rounds} rounds; each figure is the median of its rounds, and throughput counts the video
bytes on both sides. Peak RSS growth is the server's \`VmHWM\` after the last round minus its
\`VmRSS\` before the first. On a 2-core machine curl and the server share the CPU.

| measure | result | target | verdict |
|---|---|---|---|
| server peak RSS growth | ${growthMB.toFixed(1)} MB | ≤ 150 MB | ${growthMB <= 150 ? 'met' : 'missed'} |
| month archive download | ${downloadMBps.toFixed(0)} MB/s | | |
| \`zip -0 -r\` | ${zipMBps.toFixed(0)} MB/s | | |
| archive ÷ zip, median of the rounds | ${(ratio * 100).toFixed(0)} % | ≥ 50 % | ${ratio >= 0.5 ? 'met' : 'missed'} |

Each round, archive ÷ zip: ${roundRatios.map((value) => `${Math.round(value * 100)} %`).join(', ')}.
Every entry is stored (media is compressed already), so the work is reading, checksumming and
sending. yazl's CRC-32 runs on Node's native \`zlib.crc32\` (\`server/archives/yazl-crc32.ts\`): with
its own byte-at-a-time JavaScript loop, which a month archive runs twice over every byte (inside
each memory's zip, then over that zip), a 100 MB run on 2026-11-24 gave 50 % of zip.
`;
    writeSection('archive', report);
    log(report);
  } finally {
    server?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
