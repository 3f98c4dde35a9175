// HTTP of timeline invite links (accounts §7): making and reading them, and joining.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../common/errors.js';
import { messages } from '../../common/messages.js';
import {
  acceptedTimelineInvite,
  processedTimelineInvite,
  processPendingTimelineInviteBody,
  processTimelineInviteRefusal,
  timelineInvite,
  timelineInviteDetails,
} from '../../common/timelines.js';
import type { AppContext } from '../context.js';
import { badRequest } from '../http/errors.js';
import { currentUser, requireUser } from '../http/session.js';
import * as service from './invite-service.js';
import { presentInvite, presentInviteDetails } from './present-invite.js';

const tags = ['timeline invites'];

/**
 * DESIGN "Edge decisions": refusals of process-pending-timeline-invite are `{success: false,
 * message}`, whatever refused (sign-in, body, rules). Server faults go to the app's handler.
 */
function refuseWithSuccessFalse(error: FastifyError, _request: unknown, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 500) throw error;
  return reply.status(status).send({ success: false, message: error.message });
}

export async function timelineInviteRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/timelines/:timelineId/invites',
    {
      onRequest: requireUser,
      schema: { tags, params: z.object({ timelineId: z.string() }), response: { 201: timelineInvite, '4xx': errorBody } },
    },
    async (request, reply) => {
      const invite = await service.createInvite(ctx, currentUser(request), request.params.timelineId);
      return reply.status(201).send(presentInvite(invite));
    },
  );

  api.get(
    '/api/timeline-invites/:timelineId',
    {
      onRequest: requireUser,
      schema: { tags, params: z.object({ timelineId: z.string() }), response: { 200: timelineInvite, '4xx': errorBody } },
    },
    async (request) => presentInvite(await service.currentInvite(ctx, currentUser(request), request.params.timelineId)),
  );

  // Public: the invite landing page is shown to signed-out visitors too (accounts §2).
  api.get(
    '/api/timeline-invite/:id',
    { schema: { tags, params: z.object({ id: z.string() }), response: { 200: timelineInviteDetails, '4xx': errorBody } } },
    async (request) => presentInviteDetails(await service.inviteDetails(ctx, request.params.id)),
  );

  api.post(
    '/api/timeline-invite/:id/accept',
    {
      onRequest: requireUser,
      schema: { tags, params: z.object({ id: z.string() }), response: { 200: acceptedTimelineInvite, '4xx': errorBody } },
    },
    async (request) => service.acceptInvite(ctx, currentUser(request), request.params.id),
  );

  // The body is parsed here rather than by the schema, so a bad body is refused with
  // `success: false` like every other refusal of this call.
  api.post(
    '/api/process-pending-timeline-invite',
    {
      onRequest: requireUser,
      errorHandler: refuseWithSuccessFalse,
      schema: { tags, response: { 200: processedTimelineInvite, '4xx': processTimelineInviteRefusal } },
    },
    async (request) => {
      const parsed = processPendingTimelineInviteBody.safeParse(request.body);
      if (!parsed.success) throw badRequest(bodyProblem(parsed.error.issues[0]!));
      const joined = await service.acceptInvite(ctx, currentUser(request), parsed.data.inviteId);
      return {
        success: true as const,
        message: messages.joinedTimeline,
        timeline: { id: joined.timelineId, name: joined.name },
        setTimelineWelcome: true as const,
        redirectTo: '/',
      };
    },
  );
}

function bodyProblem(issue: z.core.$ZodIssue): string {
  if (issue.path.length === 0 && issue.code === 'invalid_type') return messages.bodyNotObject;
  return issue.message;
}
