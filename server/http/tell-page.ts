// The storyteller's page, /tell/{token} (issue 23; DESIGN "Storytellers (no account)"): the
// build's tell.html (web/tell.html, its own small entry), whatever the token, since the page
// asks /api/tell/{token} and that call answers a dead link kindly. Nothing is read or written
// here, no page data is written in (a family member's session on this browser is no business of
// the page), no cookie is set, and the answer is kept by no cache, leaks no referrer (the token
// is in the address) and is not indexed.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../common/messages.js';

/** Written by the build beside index.html (vite.config.ts's `tell` input). */
export const TELL_PAGE = 'tell.html';
export const TELL_PAGE_CACHE_CONTROL = 'no-store';

/** A path @fastify/static sends for the page: tell.html or its precompressed siblings. */
export const isTellPageFile = (path: string) => /(^|[\\/])tell\.html(\.br|\.gz)?$/.test(path);

export function registerTellPage(app: FastifyInstance, webRoot: string | null): void {
  const hasPage = webRoot !== null && existsSync(join(webRoot, TELL_PAGE));
  app.get(
    '/tell/:token',
    { schema: { tags: ['tell'], summary: "The storyteller's page: the same page for any token; its script asks GET /api/tell/{token}." } },
    async (_request, reply) => {
      reply.header('Cache-Control', TELL_PAGE_CACHE_CONTROL).header('Referrer-Policy', 'no-referrer').header('X-Robots-Tag', 'noindex, nofollow');
      if (!hasPage) return reply.status(404).send({ message: messages.notFound });
      return reply.sendFile(TELL_PAGE);
    },
  );
}
