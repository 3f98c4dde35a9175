// Serves the built web app, and index.html for every page path so the client router decides.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../common/messages.js';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../../common/page-data.js';
import { isTellPageFile, registerTellPage, TELL_PAGE_CACHE_CONTROL } from './tell-page.js';

/** Written by the build beside index.html (vite.config.ts, SIGNED_IN_PAGE and PAGE_CHUNKS). */
const SIGNED_IN_PAGE = 'index.signed-in.html';
const PAGE_CHUNKS = 'page-chunks.json';

/** The page data of a request that carries a session cookie, null when it is not a live session. */
export type PageDataOf = (request: FastifyRequest) => Promise<PageData | null>;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export async function registerWeb(app: FastifyInstance, webRoot: string | null, pageDataOf: PageDataOf): Promise<void> {
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
        // The storyteller's page is never stored (tell-page.ts).
        res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : isTellPageFile(path) ? TELL_PAGE_CACHE_CONTROL : 'no-cache');
      },
    });
  }
  const pageChunks = hasSignedInPage ? readPageChunks(webRoot) : {};
  registerTellPage(app, hasWeb ? webRoot : null);

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' && !/^\/(api|uploads)(\/|$)/.test(request.url);
    if (!isPage || !hasWeb) return reply.status(404).send({ message: messages.notFound });
    reply.header('Vary', 'Cookie');
    // Issue 8 "First load": a signed-in browser gets the page that already names the signed-in
    // app's chunks (and the chunks of the page it opens), with the answers its first screen
    // needs written in, so it draws without waiting on a chain of calls.
    const pageData = hasSignedInPage ? await pageDataOf(request) : null;
    if (!pageData) return reply.sendFile('index.html');
    const template = await readFile(join(webRoot, SIGNED_IN_PAGE), 'utf8');
    return sendHtml(request, reply, signedInHtml(template, pageData, chunkLinksFor(pageChunks, request.url)));
  });
}

/** The build's map of page path prefixes to the link tags of their lazily loaded chunks. */
function readPageChunks(webRoot: string): Record<string, string[]> {
  const path = join(webRoot, PAGE_CHUNKS);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, string[]>) : {};
}

function chunkLinksFor(pageChunks: Record<string, string[]>, url: string): string[] {
  const path = url.split(/[?#]/)[0]!;
  return Object.entries(pageChunks).flatMap(([prefix, links]) => (path === prefix || path.startsWith(`${prefix}/`) ? links : []));
}

/**
 * The data goes in a JSON script element, which the browser never runs (so the Content
 * Security Policy's script-src 'self' stands), with every `<` escaped so no text in it (a
 * memory titled `</script>`) can close the element.
 */
export function signedInHtml(template: string, pageData: PageData, links: string[]): string {
  const json = JSON.stringify(pageData).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  const head = [...links.map((link) => `    ${link}`), `    <script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${json}</script>`];
  return template.replace(/\n?\s*<\/head>/, `\n${head.join('\n')}\n  </head>`);
}

/** A page written for one person: compressed as the browser accepts, never stored by a cache. */
async function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'private, no-store').header('Vary', 'Cookie, Accept-Encoding');
  // Quality 5 brotli: within a few milliseconds for a page of this size, and far smaller than gzip's.
  if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(await gzipped(html));
  return reply.send(html);
}
