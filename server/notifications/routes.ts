// HTTP of notifications (memories §7): the bell's count and list, polled every 30 s (§9),
// and marking read. Each call sees and marks only the caller's own.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../common/errors.js';
import { notification, unreadCount } from '../../common/notifications.js';
import { success } from '../../common/timelines.js';
import type { AppContext } from '../context.js';
import { currentUser, requireUser } from '../http/session.js';
import * as service from './service.js';

const tags = ['notifications'];
const byId = z.object({ id: z.string() });

export async function notificationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/notifications/unread-count',
    { onRequest: requireUser, schema: { tags, response: { 200: unreadCount, 401: errorBody } } },
    async (request) => ({ count: await service.countUnread(ctx, currentUser(request)) }),
  );

  api.get(
    '/api/notifications',
    { onRequest: requireUser, schema: { tags, response: { 200: z.array(notification), 401: errorBody } } },
    async (request) => service.listNotifications(ctx, currentUser(request)),
  );

  api.post(
    '/api/notifications/mark-all-read',
    { onRequest: requireUser, schema: { tags, response: { 200: success, '4xx': errorBody } } },
    async (request) => {
      await service.markAllRead(ctx, currentUser(request));
      return { success: true as const };
    },
  );

  api.post(
    '/api/notifications/:id/read',
    { onRequest: requireUser, schema: { tags, params: byId, response: { 200: success, '4xx': errorBody } } },
    async (request) => {
      await service.markRead(ctx, currentUser(request), request.params.id);
      return { success: true as const };
    },
  );
}
