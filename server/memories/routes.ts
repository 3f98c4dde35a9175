// HTTP of memories (memories §7): create, list, read one, delete.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../common/errors.js';
import { idempotencyHeaders } from '../../common/idempotency.js';
import { memory } from '../../common/memories.js';
import { PAGED_LIST, pageQuery } from '../../common/pages.js';
import { success } from '../../common/timelines.js';
import type { AppContext } from '../context.js';
import { sendJson } from '../http/compiled-json.js';
import { sendList } from '../http/json-list.js';
import { currentUser, requireUser } from '../http/session.js';
import { createOnce } from '../idempotency/index.js';
import { memoryBrowseRoutes } from './browse-routes.js';
import { memoryEditRoutes } from './edit-routes.js';
import { memorySharingRoutes } from './sharing-routes.js';
import { readMemoryForm } from './form.js';
import * as service from './service.js';

const byId = z.object({ id: z.string() });
const tags = ['memories'];

export async function memoryRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/memories',
    {
      onRequest: requireUser,
      schema: { tags, description: PAGED_LIST, querystring: pageQuery, response: { 200: z.array(memory), '4xx': errorBody } },
    },
    async (request, reply) => sendList(reply as FastifyReply, memory, await service.listMemories(ctx, currentUser(request), request.query)),
  );

  api.get(
    '/api/memories/:id',
    { onRequest: requireUser, schema: { tags, params: byId, response: { 200: memory, '4xx': errorBody } } },
    async (request, reply) => sendJson(reply as FastifyReply, memory, await service.getMemory(ctx, currentUser(request), request.params.id)),
  );

  // multipart/form-data (memories §3 "Memory creation form"); the files stream into the store
  // while the form is read, so requireUser answers 401 before a byte of it is taken. A repeated
  // Idempotency-Key answers the first memory and creates nothing (server/idempotency).
  api.post(
    '/api/memories',
    { onRequest: requireUser, schema: { tags, headers: idempotencyHeaders, response: { 201: memory, '4xx': errorBody } } },
    async (request, reply) => {
      const user = currentUser(request);
      const answer = await createOnce(ctx, request, {
        caller: user.id,
        status: 201,
        create: async (claim) => service.createMemory(ctx, user, await readMemoryForm(ctx, request), claim),
        present: (id) => service.getMemory(ctx, user, id),
      });
      return reply.status(answer.status).headers(answer.headers).send(answer.body);
    },
  );

  api.delete(
    '/api/memories/:id',
    { onRequest: requireUser, schema: { tags, params: byId, response: { 200: success, '4xx': errorBody } } },
    async (request) => {
      await service.deleteMemory(ctx, currentUser(request), request.params.id);
      return { success: true as const };
    },
  );

  // app.ts registers one plugin per feature; the memory feature's further calls live in
  // route files of their own, so each stays one responsibility.
  await app.register(memoryEditRoutes, { ctx });
  await app.register(memorySharingRoutes, { ctx });
  await app.register(memoryBrowseRoutes, { ctx });
}
