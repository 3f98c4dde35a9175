// HTTP of sign-in and sign-out (DESIGN "API" additions, accounts §7 GET /api/auth/user), and
// of the account's own security (DESIGN "E-mail": password change, other devices).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authProviders, changePasswordBody, endedSessions, loginBody, registerBody, safeReturnTo } from '../../common/auth.js';
import { errorBody } from '../../common/errors.js';
import { user as userSchema } from '../../common/users.js';
import type { AppContext } from '../context.js';
import { clearSessionCookie, currentUser, requireUser, setSessionCookie } from '../http/session.js';
import { presentUser } from '../users/index.js';
import { OIDC_CALLBACK_PATH, type OidcClient, type PendingLogin } from './oidc.js';
import { passwordResetRoutes } from './password-reset-routes.js';
import * as service from './service.js';
import { endSession, startSession } from './sessions.js';
import { isSameSiteNavigation, signOutPage } from './sign-out-page.js';

const OIDC_COOKIE = 'heirloom-oidc';
const OIDC_COOKIE_PATH = '/api/auth/oidc';

export interface AuthRouteOptions {
  ctx: AppContext;
  oidc: OidcClient | null;
  /** Sign-ups allowed per address and hour; tests that sign up many people raise it. */
  registerLimit: number;
}

/** The invite a signed-out visitor came through, read from where they will return to. */
function inviteIdFromPath(path: string): string | undefined {
  return /^\/(?:timeline-)?invite\/([^/?#]+)/.exec(path)?.[1];
}

export async function authRoutes(app: FastifyInstance, { ctx, oidc, registerLimit }: AuthRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/auth/register',
    {
      schema: { tags: ['auth'], body: registerBody, response: { 201: userSchema, '4xx': errorBody } },
      config: { rateLimit: { max: registerLimit, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const user = await service.register(ctx, request.body);
      // Signing up signs in: as with login, the session the browser held before is ended.
      if (request.sessionTokenHash) await endSession(ctx, request.sessionTokenHash);
      await signInReply(ctx, request, reply, user.id);
      return reply.status(201).send(presentUser(user));
    },
  );

  api.post(
    '/api/auth/login',
    { schema: { tags: ['auth'], body: loginBody, response: { 200: userSchema, '4xx': errorBody } } },
    async (request, reply) => {
      const user = await service.signIn(ctx, request.body, request.ip);
      // A new token on every sign-in: whatever session the browser had before is ended.
      if (request.sessionTokenHash) await endSession(ctx, request.sessionTokenHash);
      await signInReply(ctx, request, reply, user.id);
      return presentUser(user);
    },
  );

  api.get('/api/auth/providers', { schema: { tags: ['auth'], response: { 200: authProviders } } }, async () => ({
    password: true as const,
    oidc: oidc ? { name: oidc.name } : null,
    registration: ctx.config.registration,
  }));

  api.get(
    '/api/auth/user',
    { onRequest: requireUser, schema: { tags: ['auth'], response: { 200: userSchema, 401: errorBody } } },
    async (request) => presentUser(currentUser(request)),
  );

  api.get(
    '/api/login',
    { schema: { tags: ['auth'], querystring: z.object({ returnTo: z.string().optional() }) } },
    async (request, reply) => {
      const returnTo = safeReturnTo(request.query.returnTo);
      if (!oidc) return reply.redirect(`/login?returnTo=${encodeURIComponent(returnTo)}`);
      const { url, pending } = await oidc.start(returnTo);
      reply.setCookie(OIDC_COOKIE, JSON.stringify(pending), {
        path: OIDC_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.config.secureCookies,
        signed: true,
        maxAge: 10 * 60,
      });
      return reply.redirect(url);
    },
  );

  api.get(OIDC_CALLBACK_PATH, { schema: { tags: ['auth'] } }, async (request, reply) => {
    const signed = request.cookies[OIDC_COOKIE];
    const unsigned = signed ? request.unsignCookie(signed) : null;
    reply.clearCookie(OIDC_COOKIE, { path: OIDC_COOKIE_PATH });
    if (!oidc || !unsigned?.valid || !unsigned.value) return reply.redirect('/login?error=sso');
    const pending = JSON.parse(unsigned.value) as PendingLogin;
    try {
      const profile = await oidc.finish(new URL(request.url, ctx.config.publicUrl), pending);
      const user = await service.signInWithSso(ctx, profile, inviteIdFromPath(pending.returnTo));
      if (request.sessionTokenHash) await endSession(ctx, request.sessionTokenHash);
      await signInReply(ctx, request, reply, user.id);
      return reply.redirect(pending.returnTo);
    } catch (error) {
      request.log.warn({ err: error }, 'single sign-on failed');
      const reason = error instanceof Error && 'statusCode' in error && error.statusCode === 403 ? error.message : '';
      return reply.redirect(`/login?error=sso${reason ? `&reason=${encodeURIComponent(reason)}` : ''}`);
    }
  });

  api.post(
    '/api/auth/password',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        description: 'Changes the password; ends every other session of the account and answers how many.',
        body: changePasswordBody,
        response: { 200: endedSessions, '4xx': errorBody },
      },
    },
    async (request) => ({
      endedSessions: await service.changePassword(ctx, currentUser(request), request.sessionTokenHash!, request.body, request.ip),
    }),
  );

  api.post(
    '/api/auth/sessions/end-others',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        description: "Signs out every other device: ends the account's sessions but the caller's, and answers how many.",
        response: { 200: endedSessions, '4xx': errorBody },
      },
    },
    async (request) => ({ endedSessions: await service.endOtherDevices(ctx, currentUser(request), request.sessionTokenHash!) }),
  );

  await app.register(passwordResetRoutes, { ctx });

  // DESIGN "API": the menu's sign-out is a navigation to GET /api/logout. Another site can
  // send a browser there too, so a navigation that is not our own asks first (sign-out-page.ts).
  api.get('/api/logout', { schema: { tags: ['auth'] } }, async (request, reply) => {
    if (request.sessionTokenHash && !isSameSiteNavigation(request)) {
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(signOutPage());
    }
    return signOut(request, reply);
  });

  // The confirmation page's button. A form from another site carries its Origin and is
  // refused by the Origin check (http/origin-check.ts); SameSite=Lax keeps the cookie off it anyway.
  await app.register(async (form) => {
    // The button's form has no fields; its urlencoded body is taken and left unread (here only).
    form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));
    form.post('/api/logout', { schema: { tags: ['auth'] } }, async (request, reply) => signOut(request, reply, 303));
  });

  async function signOut(request: FastifyRequest, reply: FastifyReply, status: 302 | 303 = 302) {
    if (request.sessionTokenHash) await endSession(ctx, request.sessionTokenHash);
    clearSessionCookie(ctx, reply);
    // 303 after the form's POST, so the browser follows with a GET.
    return reply.redirect('/', status);
  }
}

/** Starts a fresh session (a new token on every sign-in) and sets its cookie. */
async function signInReply(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
  const session = await startSession(ctx, userId, request.headers['user-agent']);
  setSessionCookie(ctx, reply, session.token, session.expiresAt);
}
