// Benchmark (issue 11 "Mixed load"): on SQLite, 200 clients polling the bell, 20 reading
// timeline pages and opening memories, 4 uploading photos and 1 downloading a month archive,
// together for 60 seconds. Targets: no errors, read p95 under 100 ms, no growth of the
// server's RSS over the last half of the run. The reference is the same reads, one at a time,
// on the same server while it is otherwise idle, just before the load.
//
//   npm run bench:load [-- --seconds 60] [-- --memories 2000]
//
// Seeds a data folder of its own (bench/seed.ts) and writes its section of bench/README.md.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { archiver, curlDownload, poller, reader, Recorder, uploader, type Client } from './load-clients.js';
import { reportLoad, type LoadRun } from './load-report.js';
import { ARCHIVE_BYTES_PER_SECOND, IDLE_SECONDS, MIX, MONTH, PHOTO, POLL_INTERVAL_MS, READER, RSS_READ_INTERVAL_MS, SESSIONS_PER_MEMBER, UPLOAD_THINK, WARM_UP_SECONDS } from './load-plan.js';
import { fillMonth, photoJpeg, signInFamily, type Family } from './load-setup.js';
import { cpuSecondsOf, type RssSample } from './load-stats.js';
import { writeSection } from './readme.js';
import { random, seed } from './seed.js';
import { bytesOf, log, startHeirloom, type Heirloom } from './support.js';

const DEFAULT_MEMORIES = 2000;
const ARCHIVE_PATH = `/api/bulk-download/archive?month=${MONTH.month}&tz=UTC`;

const client = (heirloom: Heirloom, cookie: string, recorder: Recorder, seedNumber: number): Client => ({
  origin: heirloom.origin,
  cookie,
  recorder,
  random: random(seedNumber),
});

/**
 * The same reads as under load, one request (or one page's thumbnails, one memory's pair)
 * at a time with no think time: half the time a reader, half a poller.
 */
async function idleReads(heirloom: Heirloom, family: Family, seconds: number): Promise<Recorder> {
  const reading = new Recorder(seconds / 2);
  await reader(client(heirloom, family.cookies[0]!, reading, 1), { ...READER, think: [0, 0], timelineId: family.timelineId });
  const polling = new Recorder(seconds / 2);
  await poller(client(heirloom, family.cookies[1]!, polling, 2), 0, 0);
  polling.samples.unshift(...reading.samples);
  polling.failures.unshift(...reading.failures);
  return polling;
}

/** Every client of the mix at once for `seconds`, with the server's RSS read every RSS_READ_INTERVAL_MS. */
async function mixedLoad(heirloom: Heirloom, family: Family, photos: Buffer[], seconds: number, monthMinBytes: number) {
  const recorder = new Recorder(seconds);
  const reading = (): RssSample => ({ at: recorder.now() / 1000, bytes: bytesOf(heirloom.pid, 'VmRSS'), inFlight: recorder.inFlight(), uploads: recorder.inFlight('upload') });
  const rss: RssSample[] = [reading()];
  const sampler = setInterval(() => rss.push(reading()), RSS_READ_INTERVAL_MS);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const clientCpu = process.cpuUsage();
  const serverCpu = cpuSecondsOf(heirloom.pid);
  const { cookies } = family;
  const clients: Promise<void>[] = [];
  for (let index = 0; index < MIX.pollers; index++) {
    // Staggered evenly over the interval, as 200 browsers opened at different moments would be.
    clients.push(poller(client(heirloom, cookies[index % cookies.length]!, recorder, 100 + index), POLL_INTERVAL_MS, (index * POLL_INTERVAL_MS) / MIX.pollers));
  }
  for (let index = 0; index < MIX.readers; index++) {
    clients.push(reader(client(heirloom, cookies[(index + 1) % cookies.length]!, recorder, 1000 + index), { ...READER, timelineId: family.timelineId }));
  }
  for (let index = 0; index < MIX.uploaders; index++) {
    // One uploader per member (the first sessions are one of each): every memory rings the other three's bells.
    clients.push(uploader(client(heirloom, cookies[index % family.memberIds.length]!, recorder, 2000 + index), { timelineId: family.timelineId, sharedWith: family.memberIds, photos, think: UPLOAD_THINK }));
  }
  for (let index = 0; index < MIX.archivers; index++) clients.push(archiver(client(heirloom, cookies[index]!, recorder, 3000 + index), ARCHIVE_PATH, monthMinBytes, ARCHIVE_BYTES_PER_SECOND));
  await Promise.all(clients);
  const elapsed = recorder.now() / 1000;
  clearInterval(sampler);
  lag.disable();
  const cpu = process.cpuUsage(clientCpu);
  return {
    recorder,
    rss,
    elapsed,
    peakRss: bytesOf(heirloom.pid, 'VmHWM'),
    serverCores: (cpuSecondsOf(heirloom.pid) - serverCpu) / elapsed,
    clientCores: (cpu.user + cpu.system) / 1e6 / elapsed,
    lagP99: lag.percentile(99) / 1e6,
    lagMax: lag.max / 1e6,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '60' }, memories: { type: 'string', default: String(DEFAULT_MEMORIES) } } });
  const seconds = Number(values.seconds);
  const memories = Number(values.memories);
  if (!(seconds >= 4) || !Number.isInteger(memories) || memories < 20) throw new Error('--seconds takes a number of at least 4, --memories a whole number of at least 20');
  const startedAt = performance.now();
  const loadAverage = loadavg()[0]!;
  const work = mkdtempSync(join(tmpdir(), 'heirloom-bench-load-'));
  let heirloom: Heirloom | undefined;
  try {
    const dataDir = join(work, 'data');
    log(`Seeding ${memories} memories…`);
    const seeded = await seed({ dir: dataDir, memories, photos: Math.ceil(memories / 5), log });
    heirloom = await startHeirloom(dataDir);
    const startRss = bytesOf(heirloom.pid, 'VmRSS');
    const family = await signInFamily(heirloom.origin, SESSIONS_PER_MEMBER);
    log('Making photos and a month of media…');
    const photos: Buffer[] = [];
    for (let index = 0; index < PHOTO.distinct; index++) photos.push(await photoJpeg(PHOTO.width, PHOTO.height, index));
    const monthBytes = await fillMonth(heirloom.origin, family.cookies[0]!, family, MONTH, photos, work);
    // Once before any measuring: the archive works, and its code is compiled as the uploads' is.
    const firstArchive = await curlDownload({ origin: heirloom.origin, cookie: family.cookies[0]! }, ARCHIVE_PATH);
    if (firstArchive.status !== '200' || firstArchive.bytes < monthBytes) throw new Error(`the month archive answered ${firstArchive.status} with ${firstArchive.bytes} bytes`);
    const setupSeconds = (performance.now() - startedAt) / 1000;
    const setupRss = bytesOf(heirloom.pid, 'VmRSS');

    log(`Idle reference: ${WARM_UP_SECONDS} s of warm-up, then ${IDLE_SECONDS} s…`);
    await idleReads(heirloom, family, WARM_UP_SECONDS);
    const idle = await idleReads(heirloom, family, IDLE_SECONDS);
    const idleRss = bytesOf(heirloom.pid, 'VmRSS');

    log(`Mixed load for ${seconds} s…`);
    const load = await mixedLoad(heirloom, family, photos, seconds, monthBytes);
    const run: LoadRun = {
      seconds,
      memories,
      sessions: family.cookies.length,
      seededPhotos: seeded.photos,
      seedSeconds: seeded.seconds,
      setupSeconds,
      totalSeconds: (performance.now() - startedAt) / 1000,
      loadAverage,
      monthBytes,
      photoBytes: photos.reduce((sum, photo) => sum + photo.length, 0) / photos.length,
      idle,
      startRss,
      setupRss,
      idleRss,
      ...load,
    };
    const report = reportLoad(run);
    writeSection('mixed-load', report);
    log(report);
  } finally {
    heirloom?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
