// The request line as the log keeps it. A storyteller's link carries its credential in the
// address (DESIGN "Storytellers (no account)": it never appears in a log), so the token of
// /tell/{token} and /api/tell/{token}/… is written as `[token]`; so is a password reset link's
// (/reset-password/{token}, /api/auth/password-reset/{token}), a credential for its hour, and
// a members' mail's unsubscribe link's (/mail/unsubscribe/{token}, /api/mail/unsubscribe/{token}).
import type { FastifyRequest } from 'fastify';

const TOKEN_IN_PATH = /^(\/(?:api\/tell|tell|reset-password|api\/auth\/password-reset|mail\/unsubscribe|api\/mail\/unsubscribe)\/)[^/?#]+/;

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
