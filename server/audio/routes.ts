import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

export async function audioRoutes(_app: FastifyInstance, _options: { ctx: AppContext }) {}
