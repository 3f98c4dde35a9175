import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

export async function familyRoutes(_app: FastifyInstance, _options: { ctx: AppContext }) {}
