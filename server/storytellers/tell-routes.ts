// HTTP of a storyteller's link (DESIGN "Storytellers (no account)"): /api/tell/{token}/…,
// with no session. Every answer, refusals included, is kept by no cache, sends no referrer
// (the token is in the page's address) and is not indexed.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../common/errors.js';
import { idempotencyHeaders } from '../../common/idempotency.js';
import { tellFollowUpBody, tellFollowUpQuestion, tellPage } from '../../common/storytellers.js';
import type { AppContext } from '../context.js';
import { createOnce } from '../idempotency/index.js';
import * as tell from './tell-service.js';

const byToken = z.object({ token: z.string() });
const tags = ['tell'];

/** RFC 8058: a mail client's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form. */
const ONE_CLICK_TYPE = 'application/x-www-form-urlencoded';

export async function tellRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex');
  });
  // Only this plugin reads forms, and only to let the one-click body through.
  app.addContentTypeParser(ONE_CLICK_TYPE, { parseAs: 'string' }, (_request, body, done) => done(null, body));

  api.get('/api/tell/:token', { schema: { tags, params: byToken, response: { 200: tellPage, '4xx': errorBody } } }, async (request) =>
    tell.tellPage(ctx, await tell.openLink(ctx, request.params.token, request.ip)),
  );

  // multipart as POST /api/memories, plus `questionId`. A repeated Idempotency-Key answers
  // the first story; the key's row names the route without the token (server/idempotency).
  api.post(
    '/api/tell/:token/memories',
    { schema: { tags, params: byToken, headers: idempotencyHeaders, response: { 201: z.object({ id: z.string() }), '4xx': errorBody } } },
    async (request, reply) => {
      const holder = await tell.openLink(ctx, request.params.token, request.ip);
      const answer = await createOnce(ctx, request, {
        caller: holder.id,
        route: 'POST /api/tell/{token}/memories',
        status: 201,
        create: (claim) => tell.tellStory(ctx, holder, request, claim),
        present: async (id) => ({ id }),
      });
      return (reply as FastifyReply).status(answer.status).headers(answer.headers).send(answer.body);
    },
  );

  api.post(
    '/api/tell/:token/follow-up',
    { schema: { tags, params: byToken, body: tellFollowUpBody, response: { 200: tellFollowUpQuestion, '4xx': errorBody } } },
    async (request) => {
      const holder = await tell.openLink(ctx, request.params.token, request.ip);
      return { question: await tell.tellFollowUp(ctx, holder, request.body, request.log) };
    },
  );

  // RFC 8058 one-click, or the page's own button: the body says nothing more than the address does.
  api.post('/api/tell/:token/unsubscribe', { schema: { tags, params: byToken, response: { 204: z.null(), '4xx': errorBody } } }, async (request, reply) => {
    await tell.unsubscribe(ctx, await tell.openLink(ctx, request.params.token, request.ip));
    return reply.status(204).send(null);
  });
}
