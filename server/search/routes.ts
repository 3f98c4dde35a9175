// HTTP of search (memories §2 "Search Memories dialog", §5 "Search"; issue 10; DESIGN "API"):
// GET /api/memories/search?q=&start=&end=&tz=&withImages=&timelineIds=.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../common/errors.js';
import { memory } from '../../common/memories.js';
import { PAGED_LIST } from '../../common/pages.js';
import { searchQuery, searchResults } from '../../common/search.js';
import type { AppContext } from '../context.js';
import { sendList } from '../http/json-list.js';
import { currentUser, requireUser } from '../http/session.js';
import * as service from './service.js';

export async function searchRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/memories/search',
    {
      onRequest: requireUser,
      schema: { tags: ['memories'], description: PAGED_LIST, querystring: searchQuery, response: { 200: searchResults, '4xx': errorBody } },
    },
    async (request, reply) => sendList(reply as FastifyReply, memory, await service.searchMemories(ctx, currentUser(request), request.query)),
  );
}
