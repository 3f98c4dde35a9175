// Repeated reads answered with 304 (issue 21 "One honest fast path", DESIGN: "bytes are saved
// with a weak ETag (hash of the body) and 304, which can never be stale"). The tag is made
// from the very bytes about to be sent, after the route has run in full (its session,
// requireAccess, its queries), so a 304 says only "what you hold is what you would get now":
// a change gives new bytes and a new tag, and a caller who may no longer read gets the
// route's refusal, never a 304. Nothing is kept between requests.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Answers the browser keeps for the signed-in person only, and asks about again before each use. */
export const JSON_READ_CACHE_CONTROL = 'private, no-cache';

/** A weak tag (RFC 9110 §8.8.1): equal bytes, whatever the encoding on the wire, are equal answers. */
export function weakEtagOf(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** If-None-Match compares weakly (RFC 9110 §13.1.2): `W/` is ignored; `*` matches any. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}

/** A JSON read of the API answered in full with a body in hand (not a stream), which sets no caching of its own. */
function isTaggable(request: FastifyRequest, reply: FastifyReply, payload: unknown): payload is string | Buffer {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (reply.statusCode !== 200 || !request.url.startsWith('/api/')) return false;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return false;
  if (reply.hasHeader('etag') || reply.hasHeader('cache-control')) return false;
  return String(reply.getHeader('content-type') ?? '').startsWith('application/json');
}

export function registerEtags(app: FastifyInstance): void {
  // With a callback, not async: a streamed answer (an archive) goes on in the same tick, as without the hook.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isTaggable(request, reply, payload)) return done(null, payload);
    const etag = weakEtagOf(payload);
    reply.header('etag', etag).header('cache-control', JSON_READ_CACHE_CONTROL);
    if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return done(null, payload);
    reply.code(304).removeHeader('content-type').removeHeader('content-length');
    done(null, null);
  });
}
