// Puts the signed-in user (or null) on every request, and offers the requireUser hook.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { unauthorized } from '../http/errors.js';
import { resolveSession, startSession } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    sessionTokenHash: string | null;
  }
}

/** DESIGN "Security and durability": `__Host-sid` over https, `sid` on plain http. */
export const sessionCookieName = (ctx: AppContext) => (ctx.config.secureCookies ? '__Host-sid' : 'sid');

function cookieOptions(ctx: AppContext, expires?: Date) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: ctx.config.secureCookies, expires };
}

/** Starts a fresh session (a new token on every sign-in) and sets its cookie. */
export async function signInReply(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
  const session = await startSession(ctx, userId, request.headers['user-agent']);
  reply.setCookie(sessionCookieName(ctx), session.token, cookieOptions(ctx, session.expiresAt));
}

export function clearSessionCookie(ctx: AppContext, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(ctx), cookieOptions(ctx));
}

/**
 * Route hook: 401 `{message}` unless signed in. Used as `onRequest`, so a signed-out caller
 * hears 401 before any body is read or validated.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

export const sessionPlugin = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  app.addHook('onRequest', async (request, reply) => {
    // Static files and the SPA shell need no session lookup.
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/uploads/')) return;
    const token = request.cookies[sessionCookieName(ctx)];
    if (!token) return;
    const session = await resolveSession(ctx, token);
    if (!session) {
      clearSessionCookie(ctx, reply);
      return;
    }
    request.user = session.user;
    request.sessionTokenHash = session.tokenHash;
    if (session.extendedTo) reply.setCookie(sessionCookieName(ctx), token, cookieOptions(ctx, session.extendedTo));
  });
});
