// HTTP of comments (memories §7): GET and POST /api/memories/{id}/comments, DELETE
// /api/comments/{id}.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { comment } from '../../common/comments.js';
import { errorBody } from '../../common/errors.js';
import { idempotencyHeaders } from '../../common/idempotency.js';
import { PAGED_LIST, pageQuery } from '../../common/pages.js';
import { success } from '../../common/timelines.js';
import type { AppContext } from '../context.js';
import { sendList } from '../http/json-list.js';
import { currentUser, requireUser } from '../http/session.js';
import { createOnce } from '../idempotency/index.js';
import { readCommentForm } from './form.js';
import * as service from './service.js';

const byId = z.object({ id: z.string() });
const tags = ['comments'];

export async function commentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/memories/:id/comments',
    {
      onRequest: requireUser,
      schema: { tags, description: PAGED_LIST, params: byId, querystring: pageQuery, response: { 200: z.array(comment), '4xx': errorBody } },
    },
    async (request, reply) =>
      sendList(reply as FastifyReply, comment, await service.commentList(ctx, currentUser(request), request.params.id, request.query)),
  );

  // multipart/form-data: requireUser answers 401, and the form reader 404 for a memory the
  // caller may not see, before a byte of the body is taken. A repeated Idempotency-Key
  // answers the first comment and creates nothing (server/idempotency).
  api.post(
    '/api/memories/:id/comments',
    { onRequest: requireUser, schema: { tags, params: byId, headers: idempotencyHeaders, response: { 201: comment, '4xx': errorBody } } },
    async (request, reply) => {
      const author = currentUser(request);
      const memoryId = request.params.id;
      const answer = await createOnce(ctx, request, {
        caller: author.id,
        status: 201,
        create: async (claim) => service.addComment(ctx, author, memoryId, await readCommentForm(ctx, request, author, memoryId), claim),
        present: (id) => service.presentOne(ctx, author, id),
      });
      return reply.status(answer.status).headers(answer.headers).send(answer.body);
    },
  );

  api.delete(
    '/api/comments/:id',
    { onRequest: requireUser, schema: { tags, params: byId, response: { 200: success, '4xx': errorBody } } },
    async (request) => {
      await service.deleteComment(ctx, currentUser(request), request.params.id);
      return { success: true as const };
    },
  );
}
