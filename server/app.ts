// Builds the Fastify app from its dependencies. main.ts starts it; tests call it directly.
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { publicConfig, type PublicConfig } from '../common/config.js';
import { messages } from '../common/messages.js';
import { createOidcClient, type OidcClient } from './auth/oidc.js';
import { authRoutes } from './auth/routes.js';
import { resolveSession } from './auth/index.js';
import type { AppContext } from './context.js';
import { trustProxyOption } from './config.js';
import { HttpError, registerErrorHandler } from './http/errors.js';
import { JobRunner, type JobHandler } from './jobs/index.js';
import { MAIL_SEND_KIND, mailSendHandler } from './mail/index.js';
import { createMailSender } from './providers/mail/index.js';
import { registerOriginCheck } from './http/origin-check.js';
import { registerEtags } from './http/etag.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { requestForLog } from './http/log-redaction.js';
import { sessionPlugin } from './http/session.js';
import { registerWeb } from './http/web.js';
import { pageDataOf } from './page-data.js';
import { publicConfigOf } from './public-config.js';
import { archiveRoutes } from './archives/routes.js';
import { EVERYTHING_ARCHIVE_KIND, everythingArchiveHandler } from './archives/index.js';
import { BOOK_RENDER_KIND, bookRenderHandler } from './books/index.js';
import { bookRoutes } from './books/routes.js';
import * as comments from './comments/index.js';
import { commentRoutes } from './comments/routes.js';
import { familyRoutes } from './families/routes.js';
import { engineConfigured, wordsJobHandler } from './audio/index.js';
import { audioRoutes } from './audio/routes.js';
import { listenRoutes } from './listen/routes.js';
import { manifestRoutes } from './manifest/routes.js';
import { downloadProxyRoutes } from './media/proxy-routes.js';
import { mediaRoutes } from './media/routes.js';
import * as memories from './memories/index.js';
import { memoryRoutes } from './memories/routes.js';
import { registerNotificationListeners } from './notifications/listeners.js';
import { notificationRoutes } from './notifications/routes.js';
import { memberMailJobHandlers, startMemberMail } from './notifications/mail-digest.js';
import { memberMailRoutes } from './notifications/mail-routes.js';
import { reminderJobHandlers, startReminders } from './storytellers/reminders.js';
import { queueMissingWords } from './ops/words.js';
import { peopleRoutes } from './people/routes.js';
import { promptRoutes } from './prompts/routes.js';
import { questionRoutes } from './questions/routes.js';
import { searchRoutes } from './search/routes.js';
import { registerStorytellerListeners } from './storytellers/leavers.js';
import { storytellerRoutes } from './storytellers/routes.js';
import { timelineRoutes } from './timelines/routes.js';
import { uploadRoutes } from './uploads/routes.js';
import { userRoutes } from './users/routes.js';

export interface AppOptions {
  ctx: AppContext;
  /** The built web app (dist/web); null serves the API alone. */
  webRoot?: string | null;
  /** Overrides the client built from the configuration (tests). */
  oidc?: OidcClient | null;
  /** Overrides SIGNUP_LIMIT_PER_HOUR (tests). */
  registerLimit?: number;
  logger?: boolean;
  /** Told of every route as it is registered (the authorization table's test). */
  onRoute?: (route: RouteOptions) => void;
  /** Job handlers besides the features' own (tests' kinds). */
  jobHandlers?: Record<string, JobHandler>;
  /** Whether the job runner polls once the app is ready (default true); tests run jobs with app.jobs.drain() instead. */
  startJobs?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's job runner (server/jobs): started when the app is ready, stopped as it closes. */
    jobs: JobRunner;
  }
}

/** What each feature runs after the answer (DESIGN "Work that outlives a request"), by job kind. */
function featureJobHandlers(ctx: AppContext, log: FastifyBaseLogger): Record<string, JobHandler> {
  // The words of every kind of recording (issue 22), each written into its own feature's rows.
  const words = [memories.memoryWords, memories.answerWords, comments.commentWords];
  return {
    ...Object.fromEntries(words.map((target) => [target.kind, wordsJobHandler(ctx, target)])),
    // The family book's PDF (issue 24).
    [BOOK_RENDER_KIND]: bookRenderHandler(ctx, { log }),
    // The archive of everything (issue 25); a file missing from storage is a warning in the log.
    [EVERYTHING_ARCHIVE_KIND]: everythingArchiveHandler(ctx, { log }),
  };
}

export async function buildApp({ ctx, webRoot = null, oidc, registerLimit = ctx.config.signupLimitPerHour, logger = false, onRoute, jobHandlers = {}, startJobs = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: ctx.config.logLevel, serializers: { req: requestForLog } } : false,
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    // DESIGN "Security and durability": request and body timeouts. Generous, since a phone
    // on a slow line may take minutes to send a video.
    requestTimeout: 15 * 60_000,
    connectionTimeout: 15 * 60_000,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(swagger, {
    openapi: { info: { title: 'Heirloom API', version: '1' } },
    transform: jsonSchemaTransform,
  });
  // With S3, media is answered by a redirect to the bucket and videos are PUT straight to it.
  registerSecurityHeaders(app, { mediaOrigins: storageOrigins(ctx), strictTransportSecurity: ctx.config.secureCookies });
  // Every JSON read of the API: a weak ETag of the bytes sent, and 304 when the caller holds them.
  registerEtags(app);
  await app.register(cookie, { secret: ctx.config.sessionSecret });
  // Refusals speak like every other refusal: `{message}` in words (DESIGN "API").
  await app.register(rateLimit, { global: false, errorResponseBuilder: () => new HttpError(429, messages.tooManyRequests) });
  await app.register(multipart, { limits: { fieldSize: 1024 * 1024, fields: 50, files: 10 } });
  registerOriginCheck(app, ctx.config.publicUrl);
  // The kernel's session hook, told by auth what a session is.
  await app.register(sessionPlugin, { ctx, resolveSession });

  const oidcClient = oidc === undefined ? (ctx.config.oidc ? createOidcClient(ctx.config.oidc, ctx.config.publicUrl) : null) : oidc;
  await app.register(authRoutes, { ctx, oidc: oidcClient, registerLimit });
  await app.register(userRoutes, { ctx });
  await app.register(notificationRoutes, { ctx });
  // Members' mail's unsubscribe works whether or not mail is set up now: a mail sent before stays in an inbox.
  await app.register(memberMailRoutes, { ctx });
  await app.register(timelineRoutes, { ctx });
  await app.register(familyRoutes, { ctx });
  await app.register(promptRoutes, { ctx });
  await app.register(mediaRoutes, { ctx });
  await app.register(memoryRoutes, { ctx });
  // GET /api/users/{id}: a creator's details, which the memory side asks for (memories §7).
  await app.register(peopleRoutes, { ctx });
  await app.register(uploadRoutes, { ctx });
  await app.register(audioRoutes, { ctx });
  await app.register(commentRoutes, { ctx });
  await app.register(questionRoutes, { ctx });
  await app.register(storytellerRoutes, { ctx });
  await app.register(searchRoutes, { ctx });
  await app.register(archiveRoutes, { ctx });
  await app.register(bookRoutes, { ctx });
  await app.register(downloadProxyRoutes, { ctx });
  // Listen codes (issue 24): the printed code's page and recordings, before the web app's catch-all.
  await app.register(listenRoutes, { ctx });
  // Issue 26 "Installed": the manifest carries the family's name (web/public has none).
  await app.register(manifestRoutes, { ctx });
  registerNotificationListeners(ctx);
  registerStorytellerListeners(ctx);
  // One runner per instance. It stops before the app's other resources close (preClose comes
  // before every onClose): its unfinished jobs go back to the queue while the database is open.
  // DESIGN "E-mail (optional)": without SMTP_URL and MAIL_FROM no mail is queued and no sender runs.
  const mailSender = ctx.config.mail ? createMailSender(ctx.config.mail) : null;
  const mailHandlers: Record<string, JobHandler> = mailSender
    ? { [MAIL_SEND_KIND]: mailSendHandler(mailSender, app.log, ctx.config.sessionSecret), ...memberMailJobHandlers(ctx), ...reminderJobHandlers(ctx) }
    : {};
  const jobs = new JobRunner({ db: ctx.db, dialect: ctx.dialect, log: app.log, handlers: { ...featureJobHandlers(ctx, app.log), ...mailHandlers, ...jobHandlers }, now: () => ctx.now() });
  app.decorate('jobs', jobs);
  if (startJobs) app.addHook('onReady', async () => jobs.start());
  // The sweeps of members' mail and the week's question (issue 23) go on by themselves once started.
  // Tests start them by hand, so t.settleJobs() still finds an empty queue where it is used.
  if (startJobs && mailSender) {
    app.addHook('onReady', async () => {
      await startMemberMail(ctx);
      await startReminders(ctx);
    });
  }
  // Recordings saved while no engine was configured get their words once one is (issue 22).
  if (engineConfigured(ctx)) {
    app.addHook('onReady', async () => {
      const queued = await queueMissingWords(ctx);
      if (queued > 0) app.log.info({ queued }, `Queued the words of ${queued} recordings saved before an engine was configured`);
    });
  }
  app.addHook('preClose', async () => {
    await jobs.stop();
  });

  app.get('/healthz', { schema: { tags: ['health'] } }, async () => {
    await sql`select 1`.execute(ctx.db);
    return { status: 'ok' };
  });
  app.get('/api/docs', { schema: { tags: ['docs'] } }, async () => app.swagger());
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/config',
    { schema: { tags: ['config'], response: { 200: publicConfig } } },
    async (): Promise<PublicConfig> => publicConfigOf(ctx),
  );
  // The local engine's child process goes with the app (main.ts's shutdown, a test's close).
  app.addHook('onClose', () => ctx.ai.transcriber.close());
  if (mailSender) app.addHook('onClose', async () => mailSender.close());

  await registerWeb(app, webRoot, pageDataOf(ctx));
  return app;
}

/** The origins media bytes come from besides our own: the bucket as browsers reach it, or AWS's buckets. */
function storageOrigins(ctx: AppContext): string[] {
  const s3 = ctx.config.s3;
  if (!s3) return [];
  const endpoint = s3.publicEndpoint ?? s3.endpoint;
  if (endpoint) return [new URL(endpoint).origin];
  return [`https://${s3.bucket}.s3.${s3.region}.amazonaws.com`, `https://s3.${s3.region}.amazonaws.com`];
}
