// HTTP of "Forgot password?" (DESIGN "E-mail (optional)"), registered by auth's routes.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passwordResetBody, passwordResetRequestBody } from '../../common/auth.js';
import { errorBody } from '../../common/errors.js';
import { PASSWORD_RESET_REQUESTS_PER_ADDRESS_HOUR } from '../../common/limits.js';
import type { AppContext } from '../context.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';

export async function passwordResetRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/auth/password-reset',
    {
      schema: {
        tags: ['auth'],
        description: 'Sends a one-hour reset link to the address if it has an account; answers 202 either way. 404 when this server sends no mail.',
        body: passwordResetRequestBody,
        response: { 202: z.null(), '4xx': errorBody },
      },
      config: { rateLimit: { max: PASSWORD_RESET_REQUESTS_PER_ADDRESS_HOUR, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      await requestPasswordReset(ctx, request.body.email);
      return reply.status(202).send(null);
    },
  );

  api.post(
    '/api/auth/password-reset/:token',
    {
      schema: {
        tags: ['auth'],
        description: 'Sets a new password with a reset link, uses the link up and ends every session of the account.',
        params: z.object({ token: z.string().max(100) }),
        body: passwordResetBody,
        response: { 204: z.null(), '4xx': errorBody },
      },
    },
    async (request, reply) => {
      await resetPassword(ctx, request.params.token, request.body.password);
      return reply.status(204).send(null);
    },
  );
}
