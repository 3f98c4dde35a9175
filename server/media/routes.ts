// HTTP of media bytes: GET /uploads/{key} (DESIGN "API"), access-checked, with Range.
import type { FastifyInstance } from 'fastify';
import { messages } from '../../common/messages.js';
import type { AppContext } from '../context.js';
import * as service from './service.js';

const PREFIX = '/uploads/';

export async function mediaRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // A wildcard, since keys hold one slash (`avatars/{uuid}.webp`). The key is read from the
  // raw address, not the decoded parameter, so `%2F` or `%2E%2E` stay what they are and
  // fail the key pattern instead of becoming a path.
  app.get(`${PREFIX}*`, { schema: { tags: ['media'] } }, async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const key = path.slice(PREFIX.length);
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(',') : value;
    };
    const result = await service.readMedia(ctx, request.user, key, {
      range: header('range'),
      ifNoneMatch: header('if-none-match'),
      ifRange: header('if-range'),
    });
    reply.status(result.status).headers(result.headers);
    if (result.status === 416) return reply.send({ message: messages.rangeNotSatisfiable });
    return reply.send(result.body);
  });
}
