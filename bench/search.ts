// Benchmark (issue 10 "Benchmark"): search over N seeded memories (default 100 000).
//  1. GET /api/memories/search, signed in, sequential requests over a set of realistic
//     queries: p95 latency, request to last byte.
//  2. In the same run, the spec's own way (memories §7: GET /api/memories, then the rule
//     applied in the client): p95 of fetching every memory and filtering it per query.
// Target: p95 at most 20 ms and at least 50 times faster than the spec's way. Both ways
// must give the same memories for every query, or the run fails.
//
//   npm run bench:search [-- --memories 5000]
//
// Writes its section of bench/README.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Memory } from '../common/memories.js';
import { matchesSearch, searchWords } from '../common/search.js';
import { writeSection } from './readme.js';
import { SEED_EMAIL, SEED_PASSWORD } from './seed.js';
import { seedSearch } from './search-seed.js';
import { commandArgs, log, median, p95, signIn, startHeirloom, type Heirloom } from './support.js';

const DEFAULT_MEMORIES = 100_000;
/** Every query this often through the endpoint (after one warm-up pass). */
const ENDPOINT_ROUNDS = 10;
const P95_TARGET_MS = 20;
const SPEEDUP_TARGET = 50;

/**
 * What people type into the Search Memories dialog: the family's own names (Halhal, Ostbel…
 * are surnames, streets and pets of bench/search-seed.ts), places, occasions, things, a
 * two-letter word, a day range in a zone, only with images. At 100 000 memories each finds
 * from about 25 to 200.
 */
const queries: Record<string, string>[] = [
  { q: 'Halhal' },
  { q: 'Ostbel street' },
  { q: 'dog Monsel' },
  { q: 'Ellwel' },
  { q: 'Lorfen' },
  { q: 'Fenros shop' },
  { q: 'Anlan family' },
  { q: 'Norhal' },
  { q: 'Vorsel' },
  { q: 'Welbro' },
  { q: 'accordion recital' },
  { q: 'regatta Bergen' },
  { q: 'Desmond sailed' },
  { q: 'godmother Philippa' },
  { q: 'telescope Hobart' },
  { q: 'chess set Tallinn' },
  { q: 'pumpkin carving Savannah' },
  { q: 'first day of school Cornelius' },
  { q: 'rocking chair Galway' },
  { q: 'typewriter Tucson' },
  { q: 'we Ulost' },
  { q: 'christening', start: '1960-01-01', end: '1964-12-31', tz: 'America/New_York' },
  { q: 'harbour', withImages: 'true' },
];

/** One request, timed from its start to its last byte parsed. */
async function timedJson<T>(url: string, cookie: string): Promise<{ ms: number; body: T }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as T;
  return { ms: performance.now() - started, body };
}

/** The spec's filter in the client (memories §5), on the full list: words, days in the zone, images, timelines. */
function specFilter(all: Memory[], query: Record<string, string>): string[] {
  const words = searchWords(query.q!);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: query.tz ?? 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
  return all
    .filter((memory) => matchesSearch(memory, words))
    .filter((memory) => (query.start ? day.format(new Date(memory.createdAt)) >= query.start : true))
    .filter((memory) => (query.end ? day.format(new Date(memory.createdAt)) <= query.end : true))
    .filter((memory) => (query.withImages === 'true' ? memory.images.length > 0 : true))
    .map((memory) => memory.id);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { memories: { type: 'string', default: String(DEFAULT_MEMORIES) } } });
  const memories = Number(values.memories);
  if (!Number.isInteger(memories) || memories < 1) throw new Error('usage: npm run bench:search [-- --memories N]');
  const loadAverage = loadavg()[0]!.toFixed(1);
  const work = mkdtempSync(join(tmpdir(), 'heirloom-bench-search-'));
  let server: Heirloom | undefined;
  try {
    log(`Seeding ${memories} memories…`);
    const seeded = await seedSearch(join(work, 'data'), memories, log);
    log(`  seeded in ${seeded.seconds.toFixed(1)} s`);
    // No web build: only the API is measured.
    server = await startHeirloom(join(work, 'data'), { webRoot: join(work, 'data', 'no-web') });
    const cookie = await signIn(server.origin, SEED_EMAIL, SEED_PASSWORD);
    const searchUrl = (query: Record<string, string>) => `${server!.origin}/api/memories/search?${new URLSearchParams(query)}`;

    // 1. The endpoint: a warm-up pass, then the rounds, one request at a time.
    const found = new Map<Record<string, string>, string[]>();
    for (const query of queries) found.set(query, (await timedJson<Memory[]>(searchUrl(query), cookie)).body.map((memory) => memory.id));
    const endpointMs: number[] = [];
    for (let round = 0; round < ENDPOINT_ROUNDS; round++) {
      for (const query of queries) endpointMs.push((await timedJson<Memory[]>(searchUrl(query), cookie)).ms);
    }
    log(`  endpoint: p95 ${p95(endpointMs).toFixed(1)} ms over ${endpointMs.length} requests`);

    // 2. The spec's way: every memory, then the rule in the client, once per query.
    const specMs: number[] = [];
    let listBytes = 0;
    for (const query of queries) {
      const started = performance.now();
      const { body: all } = await timedJson<Memory[]>(`${server.origin}/api/memories`, cookie);
      const ids = specFilter(all, query);
      specMs.push(performance.now() - started);
      listBytes ||= JSON.stringify(all).length;
      const endpointIds = found.get(query)!;
      if (ids.join() !== endpointIds.join()) {
        throw new Error(`${JSON.stringify(query)}: the endpoint found ${endpointIds.length} memories, the spec's way ${ids.length}`);
      }
    }
    log(`  spec's way: p95 ${p95(specMs).toFixed(0)} ms over ${specMs.length} queries`);

    const counts = queries.map((query) => found.get(query)!.length);
    const endpointP95 = p95(endpointMs);
    const specP95 = p95(specMs);
    const speedup = specP95 / endpointP95;
    const report = `## Search over ${memories.toLocaleString('en')} memories

Command: \`npm run bench:search${commandArgs()}\` (runs \`node --import tsx bench/search.ts\`), on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${process.platform}/${process.arch}, 2 cores shared with other work (load average ${loadAverage} when it started).

A family of four (through the services) and ${memories.toLocaleString('en')} memories from 1950 to today on one
timeline, written in bulk in one transaction (${seeded.seconds.toFixed(0)} s in this run; the database's triggers fill the
search index as for any memory): titles, notes and, for half of them, a transcription, made
of people, places, occasions and things drawn with a Zipf-like weighting; nine in ten shared
with the whole family, ${seeded.withImages.toLocaleString('en')} with an image. Heirloom runs as its own process on SQLite with
warnings-only logging; the benchmark signs in as the family's first member and sends one
request at a time. ${queries.length} queries (names, places, occasions, things, a two-letter word, a
day range in a zone, only with images) answer between ${Math.min(...counts)} and ${Math.max(...counts)} memories (median
${median(counts)}); for every query the spec's way gives exactly the endpoint's memories.

| measure | p95 | median | samples | target | verdict |
|---|---|---|---|---|---|
| \`GET /api/memories/search\`, request to parsed answer | ${endpointP95.toFixed(1)} ms | ${median(endpointMs).toFixed(1)} ms | ${endpointMs.length} (${ENDPOINT_ROUNDS} rounds of every query, after a warm-up) | ≤ ${P95_TARGET_MS} ms | ${endpointP95 <= P95_TARGET_MS ? 'met' : 'missed'} |
| the spec's way: \`GET /api/memories\` (${(listBytes / 1e6).toFixed(1)} MB of JSON), then the rule in the client | ${specP95.toFixed(0)} ms | ${median(specMs).toFixed(0)} ms | ${specMs.length} (each query once) | | |
| spec's way ÷ endpoint, p95 | ${speedup.toFixed(0)}× | | | ≥ ${SPEEDUP_TARGET}× | ${speedup >= SPEEDUP_TARGET ? 'met' : 'missed'} |

Queries and how many memories each finds: ${queries.map((query, index) => `${query.q}${Object.keys(query).length > 1 ? ` (${Object.entries(query).filter(([key]) => key !== 'q').map(([key, value]) => `${key}=${value}`).join(', ')})` : ''} ${counts[index]}`).join('; ')}.
`;
    writeSection('search', report);
    console.log(report);
  } finally {
    server?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
