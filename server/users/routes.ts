// HTTP of the account settings calls (accounts §7: PATCH /api/user, PATCH /api/auth/user/profile,
// POST /api/user/profile-image).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../common/errors.js';
import { messages } from '../../common/messages.js';
import { updateUserBody, user as userSchema } from '../../common/users.js';
import type { AppContext } from '../context.js';
import { badRequest } from '../http/errors.js';
import { currentUser, requireUser } from '../http/session.js';
import { presentUser } from './present.js';
import { readProfileForm } from './profile-form.js';
import * as service from './service.js';

export async function userRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.patch(
    '/api/user',
    { onRequest: requireUser, schema: { tags: ['users'], body: updateUserBody, response: { 200: userSchema, '4xx': errorBody } } },
    async (request) => presentUser(await service.updateSettings(ctx, currentUser(request), request.body)),
  );

  api.patch(
    '/api/auth/user/profile',
    { onRequest: requireUser, schema: { tags: ['users'], response: { 200: userSchema, '4xx': errorBody } } },
    async (request) => {
      const user = currentUser(request);
      return presentUser(await service.updateProfile(ctx, user, await readProfileForm(ctx, request)));
    },
  );

  api.post(
    '/api/user/profile-image',
    { onRequest: requireUser, schema: { tags: ['users'], response: { 200: userSchema, '4xx': errorBody } } },
    async (request) => {
      const user = currentUser(request);
      const form = await readProfileForm(ctx, request);
      if (!form.image) throw badRequest(messages.profileImageMissing);
      return presentUser(await service.updateProfile(ctx, user, form));
    },
  );
}
