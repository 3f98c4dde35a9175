// The floor and the ceiling of a signed-in page read, for the timeline benchmark
// (bench/timeline-read.ts): the app as server/main.ts builds it (every hook: security headers,
// cookies, the session lookup, the ETag and its hash), with two routes more, both behind
// requireUser. Run only by the benchmark, as a process of its own on the benchmark's data
// folder; the product never registers either route.
//  - GET /api/bench/page-bytes (the floor) answers the bytes of a page read before the run, held
//    in memory (PAGE_BYTES_FILE names them): what any signed-in answer of that size costs here.
//  - GET /api/bench/page-without-statement/{id} (the ceiling) makes the page as the product's
//    route does, all but its statement: the rows and children of the timeline's first page are
//    read once at start and held; each request runs requireAccess, presents them for the viewer
//    and writes them with the compiled serializer. No work on the database's side can make a
//    page faster than this.
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { memoryPage, timelineMemoriesQuery } from '../common/memories.js';
import { requireAccess } from '../server/access/index.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createContext } from '../server/context.js';
import { positionOf } from '../server/db/keyset.js';
import { openConfiguredDatabase } from '../server/db/open.js';
import { sendJson } from '../server/http/compiled-json.js';
import { encodeCursor } from '../server/http/page-cursor.js';
import { currentUser, requireUser } from '../server/http/session.js';
import { timelinePageWithChildren, type MemoriesWithChildren } from '../server/memories/browse-queries.js';
import { presentMemories } from '../server/memories/present.js';
import { createMediaStore } from '../server/providers/storage/index.js';
import { PAGE_WITHOUT_STATEMENT_PATH, SIGNED_IN_FLOOR_PATH } from './support.js';

const PAGE = 20;

const config = loadConfig();
const media = await createMediaStore(config);
// Heirloom's own process, on the same folder, migrated it and runs its jobs.
const { db, dialect } = await openConfiguredDatabase(config);
const ctx = createContext({ db, dialect, config, media, now: () => new Date() });
const app = await buildApp({ ctx, startJobs: false });
const api = app.withTypeProvider<ZodTypeProvider>();

const body = readFileSync(process.env.PAGE_BYTES_FILE!, 'utf8');
api.get(SIGNED_IN_FLOOR_PATH, { onRequest: requireUser }, async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));

/** The first page of each timeline asked, for each viewer, read by its first request and held. */
const held = new Map<string, MemoriesWithChildren>();
api.get(
  `${PAGE_WITHOUT_STATEMENT_PATH}/:id`,
  { onRequest: requireUser, schema: { params: z.object({ id: z.string() }), querystring: timelineMemoriesQuery, response: { 200: memoryPage } } },
  async (request, reply) => {
    const viewer = currentUser(request);
    const timelineId = request.params.id;
    await requireAccess(ctx.db, viewer, 'timeline.read', [timelineId]);
    const key = `${viewer.id}:${timelineId}`;
    let read = held.get(key);
    if (!read) held.set(key, (read = await timelinePageWithChildren(ctx.db, viewer.id, timelineId, { limit: PAGE + 1 })));
    const page = read.rows.slice(0, PAGE);
    const nextCursor = read.rows.length > PAGE ? encodeCursor(positionOf(page.at(-1)!)) : null;
    return sendJson(reply as FastifyReply, memoryPage, { memories: presentMemories(page, read.children, viewer.id), nextCursor });
  },
);
await app.listen({ port: config.port, host: config.host });
