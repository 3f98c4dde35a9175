// HTTP of GET /api/users/{id} (memories §7: a creator's details, for export).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../common/errors.js';
import { member } from '../../common/timelines.js';
import type { AppContext } from '../context.js';
import { currentUser, requireUser } from '../http/session.js';
import { presentMember } from './present.js';
import * as service from './service.js';

export async function peopleRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/users/:id',
    { onRequest: requireUser, schema: { tags: ['users'], params: z.object({ id: z.string() }), response: { 200: member, '4xx': errorBody } } },
    async (request) => presentMember(await service.getPerson(ctx, currentUser(request), request.params.id)),
  );
}
