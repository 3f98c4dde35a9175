// Benchmark (issue 19 "Memory and size", hostile images): three 64-megapixel photos sent at
// once, beside three ordinary 12-megapixel phone photos sent at once in the same run as the
// reference. Before, three 7990 × 7990 JPEGs in one 1.1 MB request took the server from 119 to
// 812 MB, and 377 MB stayed. Targets: the server's RSS grows by at most 300 MB during the
// hostile burst, and a minute after it is back within 10 % of where it started.
//
//   npm run bench:images     (writes its section of bench/README.md; npm run bench runs all)
//   npm run bench:images -- --rounds 3 --settle 60
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { photoJpeg } from './load-setup.js';
import { writeSection } from './readme.js';
import { bytesOf, commandArgs, log, median, startHeirloom } from './support.js';

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
/** Reference and hostile burst take turns this often; medians and every round are reported. */
const ROUNDS = option('rounds', 3);
/** How long after the hostile burst the RSS is read again (the target says a minute). */
const SETTLE_MS = option('settle', 60) * 1000;
/** The server's RSS is read this often while a burst runs; sharp's peaks last about a second. */
const SAMPLE_MS = 20;
const GROWTH_TARGET_MB = 300;
const SETTLED_WITHIN = 0.1;

const work = mkdtempSync(join(tmpdir(), 'heirloom-bench-images-'));
const mb = (bytes: number) => bytes / 1e6;

/**
 * A phone's photo as it reaches the server: grain under a gradient (load-setup's photoJpeg),
 * stored sideways with the camera's EXIF (orientation 6), so the server strips it and turns
 * the original upright at full size, the most memory one photo can take.
 */
async function phonePhoto(width: number, height: number, seed: number): Promise<Buffer> {
  return sharp(await photoJpeg(width, height, seed))
    .withExif({ IFD0: { Make: 'Bench Camera', Model: `${Math.round((width * height) / 1e6)} MP` } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 85 })
    .toBuffer();
}

interface Burst {
  /** The most the RSS rose above its reading just before the burst. */
  growth: number;
  before: number;
  seconds: number;
}

/** Sends every photo in a request of its own, all at once, reading the server's RSS meanwhile. */
async function burst(origin: string, pid: number, cookie: string, timelineId: string, photos: Buffer[]): Promise<Burst> {
  const before = bytesOf(pid, 'VmRSS');
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, bytesOf(pid, 'VmRSS'))), SAMPLE_MS);
  const started = process.hrtime.bigint();
  try {
    const answers = await Promise.all(
      photos.map((photo, index) => {
        const form = new FormData();
        form.append('title', `Burst photo ${index + 1}`);
        form.append('timelineIds', JSON.stringify([timelineId]));
        form.append('images', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `IMG_${index + 1}.jpg`);
        return fetch(`${origin}/api/memories`, { method: 'POST', headers: { cookie, origin }, body: form });
      }),
    );
    for (const answer of answers) if (answer.status !== 201) throw new Error(`a photo was answered ${answer.status}: ${await answer.text()}`);
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, bytesOf(pid, 'VmRSS'));
  return { growth: peak - before, before, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  log('Making the photos (outside the measured window)…');
  const ordinary = await Promise.all([1, 2, 3].map((seed) => phonePhoto(4000, 3000, seed)));
  const hostile = await Promise.all([4, 5, 6].map((seed) => phonePhoto(8000, 8000, seed)));
  const sizes = (photos: Buffer[]) => photos.map((photo) => `${mb(photo.length).toFixed(1)}`).join(', ');

  const server = await startHeirloom(join(work, 'data'));
  try {
    const register = await fetch(`${server.origin}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.origin },
      body: JSON.stringify({ email: 'bench@example.org', password: 'a long bench password' }),
    });
    if (!register.ok) throw new Error(`register answered ${register.status}`);
    const cookie = register.headers.get('set-cookie')!.split(';')[0]!;
    const made = await fetch(`${server.origin}/api/timelines`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: server.origin },
      body: JSON.stringify({ name: 'Bench' }),
    });
    if (!made.ok) throw new Error(`the timeline answered ${made.status}`);
    const { id: timelineId } = (await made.json()) as { id: string };
    const startRss = bytesOf(server.pid, 'VmRSS');

    const rounds: Array<{ ordinary: Burst; hostile: Burst; settled: number }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const reference = await burst(server.origin, server.pid, cookie, timelineId, ordinary);
      const measured = await burst(server.origin, server.pid, cookie, timelineId, hostile);
      await pause(SETTLE_MS);
      const settled = bytesOf(server.pid, 'VmRSS');
      rounds.push({ ordinary: reference, hostile: measured, settled });
      log(
        `round ${round + 1}: ordinary +${mb(reference.growth).toFixed(0)} MB in ${reference.seconds.toFixed(1)} s; ` +
          `hostile +${mb(measured.growth).toFixed(0)} MB in ${measured.seconds.toFixed(1)} s from ${mb(measured.before).toFixed(0)} MB, ` +
          `${mb(settled).toFixed(0)} MB ${SETTLE_MS / 1000} s later`,
      );
    }

    const growths = rounds.map((round) => mb(round.hostile.growth));
    const references = rounds.map((round) => mb(round.ordinary.growth));
    const ratios = rounds.map((round) => round.hostile.growth / round.ordinary.growth);
    const returns = rounds.map((round) => (round.settled - round.hostile.before) / round.hostile.before);
    const worstGrowth = Math.max(...growths);
    const worstReturn = Math.max(...returns.map(Math.abs));
    const percent = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value * 100).toFixed(1)} %`;
    const list = (values: number[], format: (value: number) => string) => values.map(format).join(', ');
    const report = `## Hostile images (three 64-megapixel photos at once)

Command: \`npm run bench:images${commandArgs()}\` (runs \`node --import tsx bench/hostile-images.ts\`), on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${process.platform}/${process.arch}.

The server runs as its own process (bench/support.ts: SQLite, local storage, the Dockerfile's
allocator settings) from ${mb(startRss).toFixed(0)} MB after sign-up. Each round sends three
ordinary phone photos at once (12 megapixels, ${sizes(ordinary)} MB), each in a
\`POST /api/memories\` of its own, as the reference; then three 8000 × 8000 photos at once
(${sizes(hostile)} MB), the largest the server takes (64 megapixels). Every photo carries
the camera's EXIF and orientation 6, so the server strips it and turns the original upright at
full size, its most expensive path. The photos are made before the server starts. RSS is read
from \`/proc\` every ${SAMPLE_MS} ms during a burst; growth is its peak less its reading just before the
burst; the return is the reading ${SETTLE_MS / 1000} s after the hostile burst against that same
reading. ${ROUNDS} round${ROUNDS === 1 ? '' : 's'} on one server; the worst round is judged.

| measure | result (median) | each round | target | verdict |
|---|---|---|---|---|
| hostile burst: peak RSS growth | ${median(growths).toFixed(0)} MB | ${list(growths, (value) => value.toFixed(0))} MB | ≤ ${GROWTH_TARGET_MB} MB | ${worstGrowth <= GROWTH_TARGET_MB ? 'met' : 'missed'} |
| ordinary burst (reference): peak RSS growth | ${median(references).toFixed(0)} MB | ${list(references, (value) => value.toFixed(0))} MB | | |
| hostile ÷ ordinary growth | ${median(ratios).toFixed(1)}× | ${list(ratios, (value) => `${value.toFixed(1)}×`)} | | |
| RSS ${SETTLE_MS / 1000} s after the hostile burst, against before it | ${percent(median(returns))} | ${list(returns, percent)} | within ${SETTLED_WITHIN * 100} % | ${worstReturn <= SETTLED_WITHIN ? 'met' : 'missed'} |
| hostile burst: time to the last 201 | ${median(rounds.map((round) => round.hostile.seconds)).toFixed(1)} s | ${list(rounds.map((round) => round.hostile.seconds), (value) => value.toFixed(1))} s | | |
| ordinary burst: time to the last 201 | ${median(rounds.map((round) => round.ordinary.seconds)).toFixed(1)} s | ${list(rounds.map((round) => round.ordinary.seconds), (value) => value.toFixed(1))} s | | |

What bounds it (server/media): each upload is written whole to a temporary file before it
waits for one of two decode turns process-wide; a photo this large that is turned upright
takes both turns, so the three decode one after another; its copies are decoded from the
file, shrunk on load; its cleaned original is written without mozjpeg's optimised Huffman
tables, which held every coefficient of the picture (389 MB at 64 megapixels, 26 MB without).
`;
    writeSection('hostile-images', report);
    console.log(report);
  } finally {
    server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
