import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

export async function uploadRoutes(_app: FastifyInstance, _options: { ctx: AppContext }) {}
