// HTTP of search: GET /api/memories/search (issue 10; filled in by the search work).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

export async function searchRoutes(_app: FastifyInstance, _options: { ctx: AppContext }) {}
