// HTTP of search (memories §2 "Search Memories dialog", §5 "Search"; issue 10; DESIGN "API"):
// GET /api/memories/search?q=&start=&end=&tz=&withImages=&timelineIds=.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../common/errors.js';
import { searchQuery, searchResults } from '../../common/search.js';
import { currentUser, requireUser } from '../auth/session-plugin.js';
import type { AppContext } from '../context.js';
import * as service from './service.js';

export async function searchRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/memories/search',
    { onRequest: requireUser, schema: { tags: ['memories'], querystring: searchQuery, response: { 200: searchResults, '4xx': errorBody } } },
    async (request) => service.searchMemories(ctx, currentUser(request), request.query),
  );
}
