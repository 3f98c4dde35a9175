// HTTP of listen codes (issue 24; DESIGN "The family book (PDF)"): the code's own calls
// (/listen/{token}, /api/listen/{token}, /api/listen/{token}/recordings/{n}), answered with no
// session; and the creator's DELETE /api/memories/{id}/listen-links.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listenPage } from '../../common/books.js';
import { errorBody } from '../../common/errors.js';
import { messages } from '../../common/messages.js';
import type { AppContext } from '../context.js';
import { HttpError, notFound } from '../http/errors.js';
import { currentUser, requireUser } from '../http/session.js';
import { LISTEN_PAGE_CSP, listenPageHtml, listenRefusalHtml } from './page.js';
import * as listen from './service.js';

const tags = ['listen'];
const byToken = z.object({ token: z.string() });
const byRecording = z.object({ token: z.string(), n: z.string() });
/** A recording's place in the page's list: digits only, so `1e3` or `-0` name none. */
const RECORDING_INDEX = /^\d{1,4}$/;

export async function listenRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(codeRoutes, { ctx });

  app.withTypeProvider<ZodTypeProvider>().delete(
    '/api/memories/:id/listen-links',
    { onRequest: requireUser, schema: { tags, params: z.object({ id: z.string() }), response: { 204: z.null(), '4xx': errorBody } } },
    async (request, reply) => {
      await listen.stopListenCodes(ctx, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

/**
 * The code's calls, in a scope of their own: every answer, refusals included, is kept by no
 * cache, sends no referrer (the token is in the address) and is not indexed.
 */
async function codeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex, nofollow');
  });

  api.get('/api/listen/:token', { schema: { tags, params: byToken, response: { 200: listenPage, '4xx': errorBody } } }, async (request) =>
    listen.listenPage(ctx, await listen.openCode(ctx, request.params.token, request.ip)),
  );

  // The body is the recording itself, so only refusals are described.
  api.get('/api/listen/:token/recordings/:n', { schema: { tags, params: byRecording, response: { '4xx': errorBody } } }, async (request, reply) => {
    const opened = await listen.openCode(ctx, request.params.token, request.ip);
    if (!RECORDING_INDEX.test(request.params.n)) throw notFound(messages.notFound);
    const { headers } = request;
    const result = await listen.recording(ctx, opened, Number(request.params.n), {
      range: headers.range,
      ifNoneMatch: headers['if-none-match'],
      ifRange: headers['if-range']?.toString(),
    });
    // The code's own rule over the media's 'private, no-cache': nothing of it is kept.
    const media = (reply as FastifyReply).status(result.status).headers({ ...result.headers, 'cache-control': 'no-store' });
    if (result.status === 416) return media.send({ message: messages.rangeNotSatisfiable });
    return media.send(result.body);
  });

  api.get(
    '/listen/:token',
    { schema: { tags, params: byToken, summary: 'The listen page: plain HTML that plays the code’s recordings with no script.' } },
    async (request, reply) => {
      reply.header('content-security-policy', LISTEN_PAGE_CSP).type('text/html; charset=utf-8');
      try {
        const opened = await listen.openCode(ctx, request.params.token, request.ip);
        return reply.send(listenPageHtml(await listen.listenPage(ctx, opened)));
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return sendRefusal(reply, error);
      }
    },
  );
}

/** A refusal of the page (404, 429) in its own words, as a page. */
const sendRefusal = (reply: FastifyReply, error: HttpError) => reply.status(error.statusCode).headers(error.headers).send(listenRefusalHtml(error.message));
