// HTTP of browsing memories (memories §7; DESIGN "API"): a timeline's memories, whole or page
// by page, the days of its calendar, and the home spotlight.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../common/errors.js';
import { memory, memoryDays, memoryPage, timelineMemoriesQuery } from '../../common/memories.js';
import { timeZoneField } from '../../common/prompts.js';
import type { AppContext } from '../context.js';
import { sendJson } from '../http/compiled-json.js';
import { sendList } from '../http/json-list.js';
import { currentUser, requireUser } from '../http/session.js';
import * as service from './browse-service.js';

const byId = z.object({ id: z.string() });
const tags = ['memories'];
/** DESIGN "Edge decisions" (time zones): IANA, default UTC. */
const memoryDaysQuery = z.object({ tz: timeZoneField.default('UTC') });

export async function memoryBrowseRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/timelines/:id/memories',
    {
      onRequest: requireUser,
      schema: { tags, params: byId, querystring: timelineMemoriesQuery, response: { 200: z.union([z.array(memory), memoryPage]), '4xx': errorBody } },
    },
    async (request, reply) => {
      const viewer = currentUser(request);
      const { params, query } = request;
      const { limit } = query;
      if (limit === undefined) return sendList(reply as FastifyReply, memory, await service.timelineMemoryList(ctx, viewer, params.id, query));
      return sendJson(reply as FastifyReply, memoryPage, await service.timelinePage(ctx, viewer, params.id, { ...query, limit }));
    },
  );

  api.get(
    '/api/timelines/:id/memory-days',
    { onRequest: requireUser, schema: { tags, params: byId, querystring: memoryDaysQuery, response: { 200: memoryDays, '4xx': errorBody } } },
    async (request, reply) => {
      return sendJson(reply as FastifyReply, memoryDays, await service.memoryDays(ctx, currentUser(request), request.params.id, request.query.tz));
    },
  );

  api.get(
    '/api/memories/spotlight',
    { onRequest: requireUser, schema: { tags, response: { 200: memory, 204: z.null(), '4xx': errorBody } } },
    async (request, reply) => {
      const chosen = await service.spotlight(ctx, currentUser(request));
      if (!chosen) return reply.status(204).send(null);
      return sendJson(reply as FastifyReply, memory, chosen);
    },
  );
}
