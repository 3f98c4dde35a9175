import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

export async function timelineRoutes(_app: FastifyInstance, _options: { ctx: AppContext }) {}
