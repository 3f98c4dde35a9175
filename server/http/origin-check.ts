// DESIGN "API": every state-changing request whose Origin is present and differs from
// PUBLIC_URL is refused. With SameSite=Lax cookies this closes cross-site request forgery.
import type { FastifyInstance } from 'fastify';
import { messages } from '../../common/messages.js';
import { forbidden } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerOriginCheck(app: FastifyInstance, publicUrl: URL): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== publicUrl.origin) {
      throw forbidden(`${messages.crossOrigin}: open Heirloom at ${publicUrl.origin}`);
    }
  });
}
