// The floor of a signed-in JSON read, for the timeline benchmark (bench/timeline-read.ts): the
// app as server/main.ts builds it (every hook: security headers, cookies, the session lookup,
// the ETag and its hash), with one route more, GET /api/bench/page-bytes, which answers the
// bytes of a page read before the run, held in memory, behind requireUser. What it costs is
// what any signed-in answer of that size costs here; a page made afresh costs that plus making
// the page. Run only by the benchmark, as a process of its own on the benchmark's data folder
// (PAGE_BYTES_FILE names the bytes); the product never registers the route.
import { readFileSync } from 'node:fs';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createContext } from '../server/context.js';
import { openConfiguredDatabase } from '../server/db/open.js';
import { requireUser } from '../server/http/session.js';
import { createMediaStore } from '../server/providers/storage/index.js';
import { SIGNED_IN_FLOOR_PATH } from './support.js';

const config = loadConfig();
const media = await createMediaStore(config);
// Heirloom's own process, on the same folder, migrated it and runs its jobs.
const { db, dialect } = await openConfiguredDatabase(config);
const app = await buildApp({ ctx: createContext({ db, dialect, config, media, now: () => new Date() }), startJobs: false });
const body = readFileSync(process.env.PAGE_BYTES_FILE!, 'utf8');
app.get(SIGNED_IN_FLOOR_PATH, { onRequest: requireUser }, async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: config.port, host: config.host });
