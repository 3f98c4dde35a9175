// HTTP of the installed app's manifest (issue 26 "Installed"): GET /manifest.webmanifest, named
// for the caller's family. Written per person, so no shared cache keeps one family's name for
// another, and asked again each time (the browser checks it when the app opens).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { sessionCookieName } from '../http/session.js';
import { manifestFor } from './service.js';

const webManifest = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  orientation: z.literal('portrait'),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.enum(['any', 'maskable']) })),
});

export async function manifestRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/manifest.webmanifest',
    { schema: { tags: ['web'], summary: 'The installed app’s manifest, named for the signed-in person’s family.', response: { 200: webManifest } } },
    async (request, reply) => {
      // The session hook reads cookies on /api and /uploads only (http/session.ts): this page-level file reads its own.
      const manifest = await manifestFor(ctx, request.cookies[sessionCookieName(ctx)]);
      return reply.type('application/manifest+json; charset=utf-8').header('Cache-Control', 'private, no-cache').header('Vary', 'Cookie').send(manifest);
    },
  );
}
