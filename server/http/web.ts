// Serves the built web app, and index.html for every page path so the client router decides.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../common/messages.js';

export async function registerWeb(app: FastifyInstance, webRoot: string | null): Promise<void> {
  const hasWeb = webRoot !== null && existsSync(join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // Vite names built assets by their content hash, so they never change under a name.
      setHeaders(res, path) {
        if (path.includes('/assets/')) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !/^\/(api|uploads)(\/|$)/.test(request.url);
    if (isPage && hasWeb) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: messages.notFound });
  });
}
