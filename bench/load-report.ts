// The mixed-load benchmark's section of bench/README.md, from one run's records.
import { availableParallelism } from 'node:os';
import type { Recorder } from './load-clients.js';
import { ARCHIVE_BYTES_PER_SECOND, IDLE_SECONDS, MIX, MONTH, PHOTO, POLL_INTERVAL_MS, READ_P95_TARGET_MS, READER, RSS_GROWTH_TOLERANCE, RSS_READ_INTERVAL_MS, SESSIONS_PER_MEMBER, UPLOAD_THINK, WARM_UP_SECONDS } from './load-plan.js';
import { ALL_KINDS, groupFailures, latencyOf, READ_KINDS, rssOverTime, rssTrend, type Kind, type RssSample } from './load-stats.js';
import { ALLOCATOR_ENV, commandArgs } from './support.js';

export interface LoadRun {
  seconds: number;
  memories: number;
  sessions: number;
  seededPhotos: number;
  seedSeconds: number;
  setupSeconds: number;
  totalSeconds: number;
  /** One-minute load average when the run started. */
  loadAverage: number;
  monthBytes: number;
  photoBytes: number;
  idle: Recorder;
  /** The server's RSS once it answered, after the set-up's uploads, after the idle reference. */
  startRss: number;
  setupRss: number;
  idleRss: number;
  recorder: Recorder;
  rss: RssSample[];
  /** Seconds the load phase really lasted, its last requests included. */
  elapsed: number;
  peakRss: number;
  serverCores: number;
  clientCores: number;
  lagP99: number;
  lagMax: number;
}

const MB = 1e6;
/** Megabytes to one place, or a dash when there is no figure (a fit with too few readings, or no uploads in flight). */
const megabytes = (value: number) => (Number.isNaN(value) ? '–' : (value / MB).toFixed(1));
const ms = (value: number) => (Number.isNaN(value) ? '–' : value < 10 ? `${value.toFixed(1)} ms` : `${value.toFixed(0)} ms`);
const verdict = (met: boolean) => (met ? 'met' : 'missed');
const labels: Record<Kind, string> = {
  'unread-count': '`GET /api/notifications/unread-count`',
  notifications: '`GET /api/notifications`',
  'timeline-page': '`GET /api/timelines/{id}/memories?limit=20&cursor=…`',
  memory: '`GET /api/memories/{id}`',
  comments: '`GET /api/memories/{id}/comments`',
  thumbnail: '`GET /uploads/…` thumbnail',
  image: '`GET /uploads/…` display copy',
  upload: '`POST /api/memories`, 1–3 photos',
  archive: '`GET /api/bulk-download/archive` (curl, to its end)',
};

function rssLine(samples: RssSample[], seconds: number): string {
  const { every, bytes } = rssOverTime(samples, seconds);
  const list = bytes.map((value) => (value / MB).toFixed(0)).join(', ');
  return every === '5 s' ? `The server's RSS every 5 s of the load (MB): ${list}.` : `The server's RSS, each minute's mean (MB): ${list}.`;
}

export function reportLoad(run: LoadRun): string {
  const { recorder, idle } = run;
  const seconds = run.elapsed;
  const reads = latencyOf(recorder.samples, READ_KINDS, seconds);
  const idleReads = latencyOf(idle.samples, READ_KINDS, IDLE_SECONDS);
  const requests = recorder.samples.length + recorder.failures.length;
  const failures = groupFailures(recorder.failures);
  const idleFailures = idle.failures.length;

  const cores = availableParallelism();
  // Every process here shares the cores with whatever else runs: with more runnable than
  // cores, the server and the clients wait their turn and every latency carries that wait.
  const busy =
    run.loadAverage > cores / 2
      ? `\n**The machine was busy when this run started** (load average ${run.loadAverage.toFixed(1)} on ${cores} cores, from other work): its latencies tell of that wait as much as of Heirloom. Figures to judge by come from a run on a quiet machine.\n`
      : '';
  const half = run.seconds / 2;
  const trend = rssTrend(run.rss, half);
  const firstHalf = rssTrend(
    run.rss.filter((sample) => sample.at <= half),
    0,
  );
  const nearest = (at: number) => run.rss.reduce((best, sample) => (Math.abs(sample.at - at) < Math.abs(best.at - at) ? sample : best)).bytes;
  const midRss = nearest(half);
  const growthShare = trend.growth / midRss;

  const waiting = run.rss.map((sample) => sample.inFlight);
  const secondHalfWaiting = run.rss.filter((sample) => sample.at >= half).map((sample) => sample.inFlight);
  const archives = latencyOf(recorder.samples, ['archive'], seconds);
  const archiveMBps = archives.count > 0 ? archives.bytes / MB / (recorder.samples.filter((sample) => sample.kind === 'archive').reduce((sum, sample) => sum + sample.ms, 0) / 1000) : Number.NaN;

  const kindRows = ALL_KINDS.map((kind) => {
    const load = latencyOf(recorder.samples, [kind], seconds);
    const before = latencyOf(idle.samples, [kind], IDLE_SECONDS);
    const errors = recorder.failures.filter((failure) => failure.kind === kind).length;
    return `| ${labels[kind]} | ${load.count} | ${load.perSecond.toFixed(1)} | ${ms(load.p50)} | ${ms(load.p95)} | ${ms(load.max)} | ${ms(before.p50)} | ${ms(before.p95)} | ${errors} |`;
  });
  const failureLines =
    failures.length === 0
      ? 'No request failed.'
      : `Failures (kind, cause, how many, first at):\n\n${failures
          .slice(0, 12)
          .map((group) => `- ${group.kind}: ${group.what.replace(/\s+/g, ' ').slice(0, 160)} — ${group.count}×, first ${(group.firstAt / 1000).toFixed(1)} s in`)
          .join('\n')}${failures.length > 12 ? `\n- and ${failures.length - 12} other causes` : ''}`;

  return `## Mixed load: ${MIX.pollers} pollers, ${MIX.readers} readers, ${MIX.uploaders} uploaders, ${MIX.archivers} archive download, ${run.seconds} s

Command: \`npm run bench:load${commandArgs()}\` (runs \`node --import tsx bench/mixed-load.ts\`), on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${process.platform}/${process.arch}, ${cores} cores shared with other work (load average ${run.loadAverage.toFixed(1)} when it started). The whole run took ${run.totalSeconds.toFixed(0)} s: seeding ${run.seedSeconds.toFixed(0)} s, the rest of the set-up ${(run.setupSeconds - run.seedSeconds).toFixed(0)} s, the idle reference ${WARM_UP_SECONDS + IDLE_SECONDS} s, the load ${seconds.toFixed(0)} s.
${busy}
Heirloom runs as its own process on SQLite and local storage with warnings-only logging and glibc's allocator set as the
Dockerfile sets it (${Object.entries(ALLOCATOR_ENV).map(([name, value]) => `\`${name}=${value}\``).join(', ')}; README "Running it for real"), on a
data folder seeded through the services (\`bench/seed.ts\`: a family of four, ${run.memories.toLocaleString('en')} memories on one
timeline from 1950 to today, ${run.seededPhotos} with a photo). The benchmark then files, through the API, ${MONTH.memories} memories in
${MONTH.month}, each with a ${(MONTH.videoBytes / MB).toFixed(0)} MB video (direct upload) and ${MONTH.photosPerMemory} photos: ${(run.monthBytes / MB).toFixed(0)} MB of media for the
month archive. Every member is signed in ${SESSIONS_PER_MEMBER} times; the clients share those ${run.sessions} sessions in turn. All
clients run in the benchmark's one Node process with \`fetch\` (keep-alive), except the archive
download, which is curl (native code, as a browser's download is):

- **${MIX.pollers} pollers**: the bell, \`GET /api/notifications/unread-count\` then \`GET /api/notifications\`, every
  ${POLL_INTERVAL_MS / 1000} s (the spec polls every 30 s; ten times as often here), staggered evenly over the interval.
- **${MIX.readers} readers**: a timeline page of 20 (\`limit=20\`, following \`nextCursor\`, from the newest again after
  the last) with its cards' thumbnails fetched together, then ${READER.opensPerPage} of its memories opened one after
  the other (\`GET /api/memories/{id}\` and its comments together, then its photos' display copies);
  ${READER.think[0] / 1000}–${READER.think[1] / 1000} s of thinking before each memory and each next page.
- **${MIX.uploaders} uploaders**, one per member: a memory with 1–3 photos (multipart \`POST /api/memories\`;
  ${PHOTO.width}×${PHOTO.height} JPEGs of ${(run.photoBytes / MB).toFixed(1)} MB, from ${PHOTO.distinct} different ones), shared with the whole family, so
  each rings three bells; ${UPLOAD_THINK[0] / 1000}–${UPLOAD_THINK[1] / 1000} s before the next.
- **${MIX.archivers} archive download**: \`GET /api/bulk-download/archive?month=${MONTH.month}&tz=UTC\` read to its end, at once
  again, for the whole run, at most ${ARCHIVE_BYTES_PER_SECOND / MB} MB/s (\`curl --limit-rate\`: a gigabit home network, the
  fastest link a family's browser has to the server; over loopback curl would take all the
  server can send, about 400 MB/s on this machine by the archive benchmark, which no person's download sees).

A request counts as an error when it fails on the network or answers other than 2xx (an
upload also when its memory holds other than the photos sent; an archive when it is shorter
than the month's media). Latency is from the request's start to the last byte of the answer,
as the client sees it. Reads are the polls, the timeline pages and the memory opens (memory
and comments). The reference is the same reads on the same server just before the load, one
request at a time with no think time and nothing else running (${WARM_UP_SECONDS} s of warm-up, then
${IDLE_SECONDS} s: half as a reader, half as a poller).

The server's RSS (\`VmRSS\`) is read every ${RSS_READ_INTERVAL_MS / 1000} s, with the number of uploads then in flight. A photo
being decoded holds its pixels until its copies are written, so single readings swing by tens
of MB with the uploads of the moment; a leak shows instead as a rising line. The growth over the
second half is the rise of the least-squares line through those readings, fitted with the
uploads in flight alongside time so that their swing stays out of it (\`bench/load-stats.ts\`
\`rssTrend\`), ± one standard error. That error allows for readings ${RSS_READ_INTERVAL_MS / 1000} s apart being alike, but
not for slower swings of tens of MB that last from seconds to minutes: one run's line can
differ from the next's by more than the error says. The earlier runs listed after this section
show how much, and where those swings live.

| measure | result | reference (same run) | ratio | target | verdict |
|---|---|---|---|---|---|
| errors | ${recorder.failures.length} of ${requests} requests | idle: ${idleFailures} of ${idle.samples.length + idleFailures} | | 0 | ${verdict(recorder.failures.length === 0)} |
| read p95 (${reads.count} reads, ${reads.perSecond.toFixed(0)}/s) | ${ms(reads.p95)} | idle ${ms(idleReads.p95)} | ${(reads.p95 / idleReads.p95).toFixed(1)}× | < ${READ_P95_TARGET_MS} ms | ${verdict(reads.p95 < READ_P95_TARGET_MS)} |
| read p50 / max | ${ms(reads.p50)} / ${ms(reads.max)} | idle ${ms(idleReads.p50)} / ${ms(idleReads.max)} | ${(reads.p50 / idleReads.p50).toFixed(1)}× | | |
| server RSS growth, second half (${trend.count} readings, uploads in flight set aside) | ${megabytes(trend.growth)} ± ${megabytes(trend.growthError)} MB (${((trend.slope * 60) / MB).toFixed(1)} MB/min) | RSS at mid-run ${(midRss / MB).toFixed(0)} MB | ${(growthShare * 100).toFixed(1)} % | ≤ ${(RSS_GROWTH_TOLERANCE * 100).toFixed(0)} % | ${verdict(growthShare <= RSS_GROWTH_TOLERANCE)} |

Per kind, under load and idle:

| request | count | per s | p50 | p95 | max | idle p50 | idle p95 | errors |
|---|---|---|---|---|---|---|---|---|
${kindRows.join('\n')}

${failureLines}

The server's RSS: ${(run.startRss / MB).toFixed(0)} MB once it answered, ${(run.setupRss / MB).toFixed(0)} MB after the set-up's uploads, ${(run.idleRss / MB).toFixed(0)} MB after the idle reference, ${(run.rss[0]!.bytes / MB).toFixed(0)} MB when the load began, ${(midRss / MB).toFixed(0)} MB at mid-run,
${(run.rss.at(-1)!.bytes / MB).toFixed(0)} MB at the end, peak (\`VmHWM\`) ${(run.peakRss / MB).toFixed(0)} MB; the first half's line rose ${(firstHalf.growth / MB).toFixed(1)} MB. Each upload in flight held
${megabytes(trend.perUpload)} MB by the second half's fit; the plain line through its readings, uploads not set aside, rose
${megabytes(trend.plainGrowth)} ± ${megabytes(trend.plainGrowthError)} MB (${((trend.plainGrowth / midRss) * 100).toFixed(1)} %). The month archive
came ${archives.count} times, ${(archives.bytes / Math.max(1, archives.count) / MB).toFixed(0)} MB each, at ${archiveMBps.toFixed(0)} MB/s while downloading. The server used
${run.serverCores.toFixed(2)} cores of CPU (of ${cores}), the benchmark's client process ${run.clientCores.toFixed(2)} (curl not counted); the client's
event loop was late by ${ms(run.lagP99)} at the 99th percentile and ${ms(run.lagMax)} at most, which bounds what the
client itself adds to a latency above. Requests sent and not yet answered, read with the RSS:
${(waiting.reduce((sum, count) => sum + count, 0) / waiting.length).toFixed(0)} on average, ${waiting.reduce((most, count) => Math.max(most, count), 0)} at most, ${(secondHalfWaiting.reduce((sum, count) => sum + count, 0) / Math.max(1, secondHalfWaiting.length)).toFixed(0)} on average in the second half
(each client waits for its answer before going on, so a server that falls behind holds up to
one per client, plus a page's thumbnails, instead of a few, and its RSS carries them).
${rssLine(run.rss, run.seconds)}
`;
}
