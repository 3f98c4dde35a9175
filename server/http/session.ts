// Puts the signed-in user (or null) on every request, and offers the requireUser hook every
// feature's routes guard with. The kernel knows the cookie and the hook; what a session is,
// auth knows: app.ts hands this plugin auth's resolveSession, so http imports no feature.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    sessionTokenHash: string | null;
  }
}

/** A live session found by its cookie's token: its user, the token's hash, and the new expiry when it slid. */
export interface RequestSession {
  user: UserRow;
  tokenHash: string;
  /** Set when the expiry moved, so the cookie is sent again with the new lifetime. */
  extendedTo?: Date;
}

/** How the session behind a cookie's token is found (auth's resolveSession): null when there is no live one. */
export type SessionResolver = (ctx: AppContext, token: string) => Promise<RequestSession | null>;

/** DESIGN "Security and durability": `__Host-sid` over https, `sid` on plain http. */
export const sessionCookieName = (ctx: AppContext) => (ctx.config.secureCookies ? '__Host-sid' : 'sid');

function cookieOptions(ctx: AppContext, expires?: Date) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: ctx.config.secureCookies, expires };
}

/** Sends the session cookie carrying `token` until `expiresAt`. */
export function setSessionCookie(ctx: AppContext, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(sessionCookieName(ctx), token, cookieOptions(ctx, expiresAt));
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

export const sessionPlugin = fp(async (app: FastifyInstance, { ctx, resolveSession }: { ctx: AppContext; resolveSession: SessionResolver }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  app.addHook('onRequest', async (request, reply) => {
    // Static files and the SPA shell need no session lookup.
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/uploads/')) return;
    // A storyteller's link is its own credential (DESIGN "Storytellers (no account)"): its
    // answers never touch a session, so they never set or clear a cookie. A listen code
    // (issue 24) is the same: it plays for whoever holds the printed page.
    if (request.url.startsWith('/api/tell/') || request.url.startsWith('/api/listen/')) return;
    const token = request.cookies[sessionCookieName(ctx)];
    if (!token) return;
    const session = await resolveSession(ctx, token);
    if (!session) {
      clearSessionCookie(ctx, reply);
      return;
    }
    request.user = session.user;
    request.sessionTokenHash = session.tokenHash;
    if (session.extendedTo) setSessionCookie(ctx, reply, token, session.extendedTo);
  });
});
