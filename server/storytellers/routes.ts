// HTTP of storytellers (DESIGN "Storytellers (no account)"): the family's calls here, the
// link's in tell-routes.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../common/errors.js';
import { createdStoryteller, createStorytellerBody, storyteller, storytellerLink, updateStorytellerBody } from '../../common/storytellers.js';
import type { AppContext } from '../context.js';
import { currentUser, requireUser } from '../http/session.js';
import * as service from './service.js';
import { tellRoutes } from './tell-routes.js';

const byId = z.object({ id: z.string() });
const tags = ['storytellers'];

export async function storytellerRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/timelines/:id/storytellers',
    { onRequest: requireUser, schema: { tags, params: byId, body: createStorytellerBody, response: { 201: createdStoryteller, '4xx': errorBody } } },
    async (request, reply) => reply.status(201).send(await service.createStoryteller(ctx, currentUser(request), request.params.id, request.body)),
  );

  api.get(
    '/api/timelines/:id/storytellers',
    { onRequest: requireUser, schema: { tags, params: byId, response: { 200: z.array(storyteller), '4xx': errorBody } } },
    async (request) => service.listStorytellers(ctx, currentUser(request), request.params.id),
  );

  api.patch(
    '/api/storytellers/:id',
    { onRequest: requireUser, schema: { tags, params: byId, body: updateStorytellerBody, response: { 200: storyteller, '4xx': errorBody } } },
    async (request) => service.updateStoryteller(ctx, currentUser(request), request.params.id, request.body),
  );

  api.get(
    '/api/storytellers/:id/link',
    { onRequest: requireUser, schema: { tags, params: byId, response: { 200: storytellerLink, '4xx': errorBody } } },
    // A credential: never kept by a cache.
    async (request, reply) => reply.header('cache-control', 'no-store').send(await service.currentLink(ctx, currentUser(request), request.params.id)),
  );

  api.post(
    '/api/storytellers/:id/link',
    { onRequest: requireUser, schema: { tags, params: byId, response: { 200: storytellerLink, '4xx': errorBody } } },
    async (request) => service.issueNewLink(ctx, currentUser(request), request.params.id),
  );

  api.delete(
    '/api/storytellers/:id/link',
    { onRequest: requireUser, schema: { tags, params: byId, response: { 204: z.null(), '4xx': errorBody } } },
    async (request, reply) => {
      await service.stopLink(ctx, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  await app.register(tellRoutes, { ctx });
}
