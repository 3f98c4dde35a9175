// HTTP of timelines and their members (accounts §7). Invite links are in invite-routes.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../common/errors.js';
import { createTimelineBody, success, timeline, timelineMember, updateTimelineBody } from '../../common/timelines.js';
import type { AppContext } from '../context.js';
import { currentUser, requireUser } from '../http/session.js';
import { timelineInviteRoutes } from './invite-routes.js';
import { presentTimeline, presentTimelineMember } from './present.js';
import * as service from './service.js';

const byId = z.object({ id: z.string() });
const tags = ['timelines'];

export async function timelineRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/timelines',
    { onRequest: requireUser, schema: { tags, response: { 200: z.array(timeline), '4xx': errorBody } } },
    async (request) => {
      const user = currentUser(request);
      const { timelines, defaultTimelineId } = await service.listTimelines(ctx, user);
      return timelines.map((row) => presentTimeline(row, { id: user.id, defaultTimelineId }));
    },
  );

  api.get(
    '/api/timelines/:id',
    { onRequest: requireUser, schema: { tags, params: byId, response: { 200: timeline, '4xx': errorBody } } },
    async (request) => {
      const user = currentUser(request);
      const view = await service.getTimeline(ctx, user, request.params.id);
      return presentTimeline(view.timeline, { id: user.id, defaultTimelineId: view.defaultTimelineId });
    },
  );

  api.post(
    '/api/timelines',
    { onRequest: requireUser, schema: { tags, body: createTimelineBody, response: { 201: timeline, '4xx': errorBody } } },
    async (request, reply) => {
      const user = currentUser(request);
      const view = await service.createTimeline(ctx, user, request.body);
      return reply.status(201).send(presentTimeline(view.timeline, { id: user.id, defaultTimelineId: view.defaultTimelineId }));
    },
  );

  api.patch(
    '/api/timelines/:id',
    { onRequest: requireUser, schema: { tags, params: byId, body: updateTimelineBody, response: { 200: timeline, '4xx': errorBody } } },
    async (request) => {
      const user = currentUser(request);
      const view = await service.updateTimeline(ctx, user, request.params.id, request.body);
      return presentTimeline(view.timeline, { id: user.id, defaultTimelineId: view.defaultTimelineId });
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
    { onRequest: requireUser, schema: { tags, params: byId, response: { 200: z.array(timelineMember), '4xx': errorBody } } },
    async (request) => {
      const user = currentUser(request);
      const { timeline, members } = await service.listMembers(ctx, user, request.params.id);
      return members.map((row) => presentTimelineMember(row, user.id, timeline));
    },
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
