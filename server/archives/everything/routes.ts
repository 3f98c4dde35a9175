// HTTP of the archive of everything (issue 25; DESIGN "Yours to keep"): POST
// /api/archives/everything, GET /api/archives, GET and DELETE /api/archives/{id}, GET
// /api/archives/{id}/file (the zip, an attachment, with Range so a dropped download resumes).
// Registered through server/archives/routes.ts.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../common/errors.js';
import { createdEverythingArchive, everythingArchive, everythingArchiveList } from '../../../common/everything-archive.js';
import { messages } from '../../../common/messages.js';
import type { AppContext } from '../../context.js';
import { attachmentDisposition } from '../../http/content-disposition.js';
import { currentUser, requireUser } from '../../http/session.js';
import * as service from './service.js';

const byId = z.object({ id: z.string() });
const tags = ['archives'];

const headerOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);

function sendZip(reply: FastifyReply, file: service.ArchiveFileReply) {
  reply
    .status(file.status)
    .headers(file.headers)
    // Someone's whole family history: no shared cache keeps a copy, and no browser cache either.
    .header('cache-control', 'private, no-store');
  if (file.status === 416) return reply.send({ message: messages.rangeNotSatisfiable });
  return reply.header('content-type', 'application/zip').header('content-disposition', attachmentDisposition(file.fileName)).send(file.body);
}

export async function everythingArchiveRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/archives/everything',
    { onRequest: requireUser, schema: { tags, response: { 202: createdEverythingArchive, '4xx': errorBody } } },
    async (request, reply) => reply.status(202).send(await service.requestEverythingArchive(ctx, currentUser(request))),
  );

  api.get(
    '/api/archives',
    { onRequest: requireUser, schema: { tags, response: { 200: everythingArchiveList, '4xx': errorBody } } },
    async (request) => ({ archives: await service.listArchives(ctx, currentUser(request)) }),
  );

  api.get(
    '/api/archives/:id',
    { onRequest: requireUser, schema: { tags, params: byId, response: { 200: everythingArchive, '4xx': errorBody } } },
    async (request) => service.getArchive(ctx, currentUser(request), request.params.id),
  );

  api.get(
    '/api/archives/:id/file',
    // Fastify would answer HEAD by reading the whole zip and dropping it.
    { onRequest: requireUser, exposeHeadRoute: false, schema: { tags, params: byId, response: { '4xx': errorBody } } },
    async (request, reply) => {
      const file = await service.archiveFile(ctx, currentUser(request), request.params.id, {
        range: headerOf(request.headers.range),
        ifRange: headerOf(request.headers['if-range']),
      });
      return sendZip(reply, file);
    },
  );

  api.delete(
    '/api/archives/:id',
    { onRequest: requireUser, schema: { tags, params: byId, response: { 204: z.null(), '4xx': errorBody } } },
    async (request, reply) => {
      await service.deleteArchive(ctx, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
