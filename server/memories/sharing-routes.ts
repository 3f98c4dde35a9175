// HTTP of a memory's timelines and sharing (memories §7): PATCH /api/memories/{id}/timelines,
// the edit's second step, and POST /api/memories/{id}/share. Both answer the memory.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../common/errors.js';
import { memory, memoryTimelinesBody, shareMemoryBody } from '../../common/memories.js';
import type { AppContext } from '../context.js';
import { currentUser, requireUser } from '../http/session.js';
import * as service from './sharing-service.js';

const byId = z.object({ id: z.string() });
const tags = ['memories'];

export async function memorySharingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.patch(
    '/api/memories/:id/timelines',
    { onRequest: requireUser, schema: { tags, params: byId, body: memoryTimelinesBody, response: { 200: memory, '4xx': errorBody } } },
    async (request) => service.retimeMemory(ctx, currentUser(request), request.params.id, request.body),
  );

  api.post(
    '/api/memories/:id/share',
    { onRequest: requireUser, schema: { tags, params: byId, body: shareMemoryBody, response: { 200: memory, '4xx': errorBody } } },
    async (request) => service.shareMemory(ctx, currentUser(request), request.params.id, request.body),
  );
}
