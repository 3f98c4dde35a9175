// Serves the built web app, and index.html for every page path so the client router decides.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../common/messages.js';

/** Written by the build beside index.html (vite.config.ts, SIGNED_IN_PAGE). */
const SIGNED_IN_PAGE = 'index.signed-in.html';

/** Either name auth/session-plugin.ts gives the session cookie (`__Host-` over https). */
const hasSessionCookie = (request: FastifyRequest) => Boolean(request.cookies.sid ?? request.cookies['__Host-sid']);

export async function registerWeb(app: FastifyInstance, webRoot: string | null): Promise<void> {
  const hasWeb = webRoot !== null && existsSync(join(webRoot, 'index.html'));
  const hasSignedInPage = hasWeb && existsSync(join(webRoot, SIGNED_IN_PAGE));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // Issue 8 "First load": the build writes .br and .gz beside each text file
      // (vite.config.ts); the one the browser accepts goes out, with Vary: Accept-Encoding,
      // and the plain file when it accepts neither. index.html too, through sendFile below.
      preCompressed: true,
      // Vite names built assets by their content hash, so they never change under a name;
      // everything else (index.html above all) is asked for again each time, by its ETag.
      // Set here, since @fastify/static writes its own Cache-Control over an earlier one.
      setHeaders(res, path) {
        res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !/^\/(api|uploads)(\/|$)/.test(request.url);
    if (isPage && hasWeb) {
      // Issue 8 "First load": to a browser with a session cookie, the page that already names
      // the signed-in app's chunks, so it fetches them beside /api/auth/user, not after it.
      // Only a hint: the session plugin skips page paths (no lookup per page), and a stale
      // cookie costs a preload, never access; /api/auth/user still decides who is signed in.
      reply.header('Vary', 'Cookie');
      return reply.sendFile(hasSignedInPage && hasSessionCookie(request) ? SIGNED_IN_PAGE : 'index.html');
    }
    return reply.status(404).send({ message: messages.notFound });
  });
}
