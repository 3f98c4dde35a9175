// The mixed-load benchmark's plan (bench/mixed-load.ts): who the clients are, how they behave
// and what the run must show. The report (load-report.ts) states these same numbers.
import type { ReaderOptions } from './load-clients.js';
import type { MonthPlan } from './load-setup.js';

/** The mix of clients. */
export const MIX = { pollers: 200, readers: 20, uploaders: 4, archivers: 1 } as const;
/** The spec polls every 30 s (memories §9); ten times as often, to stress. */
export const POLL_INTERVAL_MS = 3000;
export const READER: Omit<ReaderOptions, 'timelineId'> = { think: [500, 1500], opensPerPage: 2 };
/** Between one uploaded memory and the next. */
export const UPLOAD_THINK: readonly [number, number] = [1000, 2000];
/** A 3-megapixel photo, about 1 MB as JPEG; uploaders pick from a handful of different ones. */
export const PHOTO = { width: 2000, height: 1500, distinct: 6 } as const;
export const MONTH: MonthPlan = { month: '2024-03', memories: 6, videoBytes: 6 * 1000 * 1000, photosPerMemory: 2 };
/**
 * The archive's reader takes at most this many bytes a second: a gigabit home network, the
 * fastest link a family's browser has to a self-hosted server. Over loopback curl would
 * otherwise take all the server can send, a rate no person's download sees.
 */
export const ARCHIVE_BYTES_PER_SECOND = 100 * 1000 * 1000;
/** Sessions per family member; the clients share them in turn. */
export const SESSIONS_PER_MEMBER = 4;
/** Before the idle reference, discarded: the server's first requests compile its code. */
export const WARM_UP_SECONDS = 3;
export const IDLE_SECONDS = 10;

/** The targets. */
export const READ_P95_TARGET_MS = 100;
/**
 * How often the server's RSS is read. Uploads make it swing by tens of MB within a second;
 * frequent readings average over those swings instead of catching a few of them.
 */
export const RSS_READ_INTERVAL_MS = 100;
/**
 * "No growth" read as: the line fitted through the second half's RSS readings (load-stats.ts
 * rssTrend, uploads in flight set aside) rises by at most this share of the RSS at mid-run. Not
 * zero, since the allocator's steps (bench/README.md, earlier runs) tilt a 30-second fit by
 * tens of MB either way.
 */
export const RSS_GROWTH_TOLERANCE = 0.02;
