// HTTP of direct video uploads (memories §7; DESIGN "API"): POST /api/upload/presigned-url
// and its local-storage target PUT /api/upload/direct/{ticket}.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../common/errors.js';
import { MEMORY_VIDEO_MAX_BYTES } from '../../common/limits.js';
import { presignedUrl, presignedUrlBody } from '../../common/uploads.js';
import type { AppContext } from '../context.js';
import { currentUser, requireUser } from '../http/session.js';
import { discardRestOfBody } from '../media/index.js';
import * as service from './service.js';

export async function uploadRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/upload/presigned-url',
    { onRequest: requireUser, schema: { tags: ['uploads'], body: presignedUrlBody, response: { 200: presignedUrl, '4xx': errorBody } } },
    async (request) => service.issueDirectUpload(ctx, currentUser(request), request.body),
  );

  await app.register(directUploadTarget, { ctx });
}

/** Its own plugin, so the raw-body parser below applies to this one route only. */
async function directUploadTarget(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // The body is handed over as the raw stream, never buffered: the service counts and checks
  // it on its way to the store. Every type comes through (not only video/*), so a wrong one
  // hears the service's 415 in words, and its body is drained rather than left unread.
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/upload/direct/:ticket',
    {
      // Fastify does not count bytes of a raw stream; the service's own count enforces the
      // 250 MB (DESIGN "Media"). The slack is for a proxy that re-frames the body.
      bodyLimit: MEMORY_VIDEO_MAX_BYTES + 1024 * 1024,
      // No session needed: like a presigned S3 address, the ticket is the credential.
      schema: { tags: ['uploads'], params: z.object({ ticket: z.string() }), response: { 204: z.null(), '4xx': errorBody } },
    },
    async (request, reply) => {
      try {
        await service.receiveDirectUpload(ctx, request.params.ticket, {
          contentType: request.headers['content-type'],
          contentLength: request.headers['content-length'],
          body: request.body,
        });
      } catch (error) {
        // The client may still be sending; it must hear the refusal (media/upload-body.ts).
        discardRestOfBody(request);
        throw error;
      }
      return reply.status(204).send(null);
    },
  );
}
