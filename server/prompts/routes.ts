import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

export async function promptRoutes(_app: FastifyInstance, _options: { ctx: AppContext }) {}
