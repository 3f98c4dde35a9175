// HTTP of the family book (issue 24; DESIGN "The family book (PDF)"): POST and GET /api/books,
// GET and DELETE /api/books/{id}, GET /api/books/{id}/file (the PDF, an attachment).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { book, bookList, createBookBody, createdBook } from '../../common/books.js';
import { errorBody } from '../../common/errors.js';
import type { AppContext } from '../context.js';
import { attachmentDisposition } from '../http/content-disposition.js';
import { currentUser, requireUser } from '../http/session.js';
import * as service from './service.js';

const byId = z.object({ id: z.string() });
const tags = ['books'];

function sendPdf(reply: FastifyReply, download: service.BookDownload) {
  return (
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachmentDisposition(download.fileName))
      .header('content-length', download.size)
      // A family's memories: no shared cache keeps a copy.
      .header('cache-control', 'private, no-store')
      .send(download.stream)
  );
}

export async function bookRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/books',
    { onRequest: requireUser, schema: { tags, body: createBookBody, response: { 202: createdBook, '4xx': errorBody } } },
    async (request, reply) => reply.status(202).send(await service.requestBook(ctx, currentUser(request), request.body)),
  );

  api.get(
    '/api/books',
    { onRequest: requireUser, schema: { tags, response: { 200: bookList, '4xx': errorBody } } },
    async (request) => ({ books: await service.listBooks(ctx, currentUser(request)) }),
  );

  api.get(
    '/api/books/:id',
    { onRequest: requireUser, schema: { tags, params: byId, response: { 200: book, '4xx': errorBody } } },
    async (request) => service.getBook(ctx, currentUser(request), request.params.id),
  );

  api.get(
    '/api/books/:id/file',
    // Fastify would answer HEAD by reading the whole PDF and dropping it.
    { onRequest: requireUser, exposeHeadRoute: false, schema: { tags, params: byId, response: { '4xx': errorBody } } },
    async (request, reply) => sendPdf(reply, await service.bookFile(ctx, currentUser(request), request.params.id)),
  );

  api.delete(
    '/api/books/:id',
    { onRequest: requireUser, schema: { tags, params: byId, response: { 204: z.null(), '4xx': errorBody } } },
    async (request, reply) => {
      await service.deleteBook(ctx, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
