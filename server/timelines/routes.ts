// HTTP of timelines and their members (accounts §7). Invite links are in invite-routes.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../common/errors.js';
import { createTimelineBody, member, success, timeline, updateTimelineBody } from '../../common/timelines.js';
import { currentUser, requireUser } from '../auth/session-plugin.js';
import type { AppContext } from '../context.js';
import { presentMember } from '../people/index.js';
import { timelineInviteRoutes } from './invite-routes.js';
import { presentTimeline } from './present.js';
import * as service from './service.js';

const byId = z.object({ id: z.string() });
const tags = ['timelines'];

export async function timelineRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/timelines',
    { onRequest: requireUser, schema: { tags, response: { 200: z.array(timeline), '4xx': errorBody } } },
    async (request) => {
      const { timelines, defaultTimelineId } = await service.listTimelines(ctx, currentUser(request));
      return timelines.map((row) => presentTimeline(row, defaultTimelineId));
    },
  );

  api.get(
    '/api/timelines/:id',
    { onRequest: requireUser, schema: { tags, params: byId, response: { 200: timeline, '4xx': errorBody } } },
    async (request) => {
      const view = await service.getTimeline(ctx, currentUser(request), request.params.id);
      return presentTimeline(view.timeline, view.defaultTimelineId);
    },
  );

  api.post(
    '/api/timelines',
    { onRequest: requireUser, schema: { tags, body: createTimelineBody, response: { 201: timeline, '4xx': errorBody } } },
    async (request, reply) => {
      const view = await service.createTimeline(ctx, currentUser(request), request.body);
      return reply.status(201).send(presentTimeline(view.timeline, view.defaultTimelineId));
    },
  );

  api.patch(
    '/api/timelines/:id',
    { onRequest: requireUser, schema: { tags, params: byId, body: updateTimelineBody, response: { 200: timeline, '4xx': errorBody } } },
    async (request) => {
      const view = await service.updateTimeline(ctx, currentUser(request), request.params.id, request.body);
      return presentTimeline(view.timeline, view.defaultTimelineId);
    },
  );

  api.delete(
    '/api/timelines/:id',
    { onRequest: requireUser, schema: { tags, params: byId, response: { 200: success, '4xx': errorBody } } },
    async (request) => {
      await service.deleteTimeline(ctx, currentUser(request), request.params.id);
      return { success: true as const };
    },
  );

  api.get(
    '/api/timelines/:id/members',
    { onRequest: requireUser, schema: { tags, params: byId, response: { 200: z.array(member), '4xx': errorBody } } },
    async (request) => (await service.listMembers(ctx, currentUser(request), request.params.id)).map(presentMember),
  );

  api.delete(
    '/api/timelines/:timelineId/members/:userId',
    {
      onRequest: requireUser,
      schema: { tags, params: z.object({ timelineId: z.string(), userId: z.string() }), response: { 200: success, '4xx': errorBody } },
    },
    async (request) => {
      await service.removeMember(ctx, currentUser(request), request.params.timelineId, request.params.userId);
      return { success: true as const };
    },
  );

  await app.register(timelineInviteRoutes, { ctx });
}
