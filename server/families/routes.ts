// HTTP of families and family invites (accounts §7; DESIGN "API": POST /api/invites).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../common/errors.js';
import { family, familyConflict, familyInviteCreated, familyInviteDetails, mergeFamiliesBody, mergedFamilies } from '../../common/families.js';
import { user as userSchema } from '../../common/users.js';
import type { AppContext } from '../context.js';
import { currentUser, requireUser } from '../http/session.js';
import { presentUser } from '../users/index.js';
import { presentFamily, presentFamilyInvite } from './present.js';
import * as service from './service.js';

const tags = ['families'];
const byId = z.object({ id: z.string() });

export async function familyRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/invites',
    { onRequest: requireUser, schema: { tags, response: { 201: familyInviteCreated, '4xx': errorBody } } },
    async (request, reply) => {
      const invite = await service.createInvite(ctx, currentUser(request));
      return reply.status(201).send({ id: invite.id, familyId: invite.family_id, expiresAt: invite.expires_at });
    },
  );

  // Public: the family invite page is shown to signed-out visitors too (accounts §2).
  api.get(
    '/api/invites/:id',
    { schema: { tags, params: byId, response: { 200: familyInviteDetails, '4xx': errorBody } } },
    async (request) => presentFamilyInvite(await service.inviteDetails(ctx, request.params.id)),
  );

  api.post(
    '/api/invites/:id/accept',
    { onRequest: requireUser, schema: { tags, params: byId, response: { 200: userSchema, 409: familyConflict, '4xx': errorBody } } },
    async (request) => presentUser(await service.acceptInvite(ctx, currentUser(request), request.params.id)),
  );

  api.post(
    '/api/families/merge',
    { onRequest: requireUser, schema: { tags, body: mergeFamiliesBody, response: { 200: mergedFamilies, '4xx': errorBody } } },
    async (request) => ({ success: true as const, user: presentUser(await service.mergeFamilies(ctx, currentUser(request), request.body)) }),
  );

  api.get(
    '/api/families/:familyId',
    { onRequest: requireUser, schema: { tags, params: z.object({ familyId: z.string() }), response: { 200: family, '4xx': errorBody } } },
    async (request) => {
      const { family: row, members } = await service.getFamily(ctx, currentUser(request), request.params.familyId);
      return presentFamily(row, members);
    },
  );
}
