// HTTP of the family's questions (issue 23): POST and GET /api/timelines/{id}/questions,
// DELETE /api/questions/{id}.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../common/errors.js';
import { askQuestionBody, question } from '../../common/storytellers.js';
import type { AppContext } from '../context.js';
import { currentUser, requireUser } from '../http/session.js';
import * as service from './service.js';

const byId = z.object({ id: z.string() });
const tags = ['questions'];

export async function questionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/timelines/:id/questions',
    { onRequest: requireUser, schema: { tags, params: byId, body: askQuestionBody, response: { 201: question, '4xx': errorBody } } },
    async (request, reply) => reply.status(201).send(await service.askQuestion(ctx, currentUser(request), request.params.id, request.body)),
  );

  api.get(
    '/api/timelines/:id/questions',
    { onRequest: requireUser, schema: { tags, params: byId, response: { 200: z.array(question), '4xx': errorBody } } },
    async (request) => service.listQuestions(ctx, currentUser(request), request.params.id),
  );

  api.delete(
    '/api/questions/:id',
    { onRequest: requireUser, schema: { tags, params: byId, response: { 204: z.null(), '4xx': errorBody } } },
    async (request, reply) => {
      await service.deleteQuestion(ctx, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
