// HTTP of archives (memories §7; DESIGN "API", "Archives"): GET /api/memories/{id}/export,
// GET /api/bulk-download/memories and GET /api/bulk-download/archive. The zips stream as
// attachments named per RFC 6266.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bulkMemoriesQuery, exportMemoryQuery, monthArchiveQuery } from '../../common/archives.js';
import { errorBody } from '../../common/errors.js';
import { memory } from '../../common/memories.js';
import { PAGED_LIST } from '../../common/pages.js';
import type { AppContext } from '../context.js';
import { attachmentDisposition } from '../http/content-disposition.js';
import { sendList } from '../http/json-list.js';
import { currentUser, requireUser } from '../http/session.js';
import { everythingArchiveRoutes } from './everything/routes.js';
import * as service from './service.js';

const byId = z.object({ id: z.string() });
const tags = ['archives'];

function sendArchive(reply: FastifyReply, download: service.ArchiveDownload) {
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', attachmentDisposition(download.fileName))
    // Someone's memories: no shared cache keeps a copy.
    .header('cache-control', 'private, no-store');
  if (download.size !== null) reply.header('content-length', download.size);
  return reply.send(download.stream);
}

export async function archiveRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/memories/:id/export',
    {
      onRequest: requireUser,
      // Fastify would answer HEAD by reading the whole archive and dropping it.
      exposeHeadRoute: false,
      schema: { tags, params: byId, querystring: exportMemoryQuery, response: { '4xx': errorBody } },
    },
    async (request, reply) =>
      sendArchive(reply, await service.exportMemory(ctx, { viewer: currentUser(request), log: request.log }, request.params.id, request.query)),
  );

  api.get(
    '/api/bulk-download/memories',
    {
      onRequest: requireUser,
      schema: { tags, description: PAGED_LIST, querystring: bulkMemoriesQuery, response: { 200: z.array(memory), '4xx': errorBody } },
    },
    async (request, reply) => sendList(reply, memory, await service.memoriesInRange(ctx, currentUser(request), request.query)),
  );

  api.get(
    '/api/bulk-download/archive',
    { onRequest: requireUser, exposeHeadRoute: false, schema: { tags, querystring: monthArchiveQuery, response: { '4xx': errorBody } } },
    async (request, reply) => sendArchive(reply, await service.monthArchive(ctx, { viewer: currentUser(request), log: request.log }, request.query)),
  );

  // The archive of everything (issue 25): its own routes, its own folder.
  await app.register(everythingArchiveRoutes, { ctx });
}
