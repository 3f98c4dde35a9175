// HTTP of the account settings calls (accounts §7: PATCH /api/user, PATCH /api/auth/user/profile).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../common/errors.js';
import { updateProfileFields, updateUserBody, user as userSchema } from '../../common/users.js';
import { currentUser, requireUser } from '../auth/session-plugin.js';
import type { AppContext } from '../context.js';
import { badRequest } from '../http/errors.js';
import { presentUser } from './present.js';
import * as service from './service.js';

/** The text fields of a multipart form; file parts are refused until avatars arrive. */
async function readProfileForm(request: FastifyRequest): Promise<Record<string, string>> {
  if (!request.isMultipart()) return (request.body ?? {}) as Record<string, string>;
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      part.file.resume();
      throw badRequest('Profile pictures are not accepted by this call yet');
    }
    fields[part.fieldname] = String(part.value);
  }
  return fields;
}

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
      const parsed = updateProfileFields.safeParse(await readProfileForm(request));
      if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
      return presentUser(await service.updateProfile(ctx, currentUser(request), parsed.data));
    },
  );
}
