// HTTP of GET /api/download-proxy?url= (issue 10; filled in by the download-proxy work).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

export async function downloadProxyRoutes(_app: FastifyInstance, _options: { ctx: AppContext }) {}
