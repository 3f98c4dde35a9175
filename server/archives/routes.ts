// HTTP of archives: GET /api/memories/{id}/export, GET /api/bulk-download/memories and
// GET /api/bulk-download/archive (issue 10; filled in by the archives work).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

export async function archiveRoutes(_app: FastifyInstance, _options: { ctx: AppContext }) {}
