// HTTP of GET /api/download-proxy?url= (memories §7; DESIGN "download-proxy"): the answer
// of GET /uploads/{key}, for an address of this server's own media.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../common/errors.js';
import { messages } from '../../common/messages.js';
import type { AppContext } from '../context.js';
import { currentUser, requireUser } from '../http/session.js';
import { readProxiedMedia } from './proxy.js';
import type { MediaReply } from './service.js';

const proxyQuery = z.object({
  // A url given twice arrives as a list: not one address either.
  url: z.string({ error: (issue) => (issue.input === undefined ? messages.proxyUrlMissing : messages.proxyUrlInvalid) }).min(1, messages.proxyUrlMissing),
});

function sendMedia(reply: FastifyReply, result: MediaReply) {
  reply.status(result.status).headers(result.headers);
  if (result.status === 416) return reply.send({ message: messages.rangeNotSatisfiable });
  return reply.send(result.body);
}

export async function downloadProxyRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/download-proxy',
    {
      onRequest: requireUser,
      // Fastify would answer HEAD by pulling the whole file from the store and dropping it.
      exposeHeadRoute: false,
      // The body is the file itself, so only refusals are described.
      schema: { tags: ['media'], querystring: proxyQuery, response: { '4xx': errorBody } },
    },
    async (request, reply) => {
      const { headers } = request;
      const result = await readProxiedMedia(ctx, currentUser(request), request.query.url, {
        range: headers.range,
        ifNoneMatch: headers['if-none-match'],
        ifRange: headers['if-range']?.toString(),
      });
      return sendMedia(reply, result);
    },
  );
}
