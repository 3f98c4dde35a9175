import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

// Placeholder until this slice lands.
export async function memoryBrowseRoutes(_app: FastifyInstance, _options: { ctx: AppContext }) {}
