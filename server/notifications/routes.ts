// HTTP of notifications. The bell's count comes first (accounts §4: polled every 30 s).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../common/errors.js';
import { unreadCount } from '../../common/notifications.js';
import { currentUser, requireUser } from '../auth/session-plugin.js';
import type { AppContext } from '../context.js';
import * as queries from './queries.js';

export async function notificationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/notifications/unread-count',
    { onRequest: requireUser, schema: { tags: ['notifications'], response: { 200: unreadCount, 401: errorBody } } },
    async (request) => ({ count: await queries.countUnread(ctx.db, currentUser(request).id) }),
  );
}
