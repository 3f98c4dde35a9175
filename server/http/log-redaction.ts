// The request line as the log keeps it. A storyteller's link carries its credential in the
// address (DESIGN "Storytellers (no account)": it never appears in a log), so the token of
// /tell/{token} and /api/tell/{token}/… is written as `[token]`.
import type { FastifyRequest } from 'fastify';

const TOKEN_IN_PATH = /^(\/(?:api\/)?tell\/)[^/?#]+/;

export const redactedUrl = (url: string): string => url.replace(TOKEN_IN_PATH, '$1[token]');

/** Fastify's default request fields, with the address redacted. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
