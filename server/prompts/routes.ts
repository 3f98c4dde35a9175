// HTTP of Today's Prompts (accounts §7: GET /api/prompts/daily, POST /api/prompts/refresh) and
// of the capture wizard's follow-up questions (memories §7: POST /api/prompts/follow-up).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../common/errors.js';
import { dailyPrompts, dailyPromptsQuery, followUpBody, followUpQuestion, refreshPromptsBody, type DailyPrompts, type FollowUpQuestion } from '../../common/prompts.js';
import type { AppContext } from '../context.js';
import { currentUser, requireUser } from '../http/session.js';
import type { PromptPair } from './engine.js';
import * as followUp from './follow-up-service.js';
import * as service from './service.js';

/** accounts §3 "Daily prompts". */
const present = (pair: PromptPair): DailyPrompts => ({ lookingBackPrompt: pair.lookingBack, lookingForwardPrompt: pair.lookingForward });

export async function promptRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // With LLM_URL unset this is the 'none' driver, and nothing leaves the server: the built-in
  // engines cost no more than any request, so only calls to a configured model are limited
  // (ai-limits). GET /api/prompts/daily is not: it asks the model once per timeline and day.
  // (A 429 comes after the body is validated, so a malformed call costs no count.)
  const { chat } = ctx.ai;

  api.get(
    '/api/prompts/daily',
    { onRequest: requireUser, schema: { tags: ['prompts'], querystring: dailyPromptsQuery, response: { 200: dailyPrompts, '4xx': errorBody } } },
    async (request) => present(await service.dailyPrompts({ ctx, chat, log: request.log }, currentUser(request), request.query)),
  );

  api.post(
    '/api/prompts/refresh',
    { onRequest: requireUser, schema: { tags: ['prompts'], body: refreshPromptsBody, response: { 200: dailyPrompts, '4xx': errorBody } } },
    async (request) => {
      return present(await service.refreshPrompts({ ctx, chat, log: request.log }, currentUser(request), request.body));
    },
  );

  api.post(
    '/api/prompts/follow-up',
    { onRequest: requireUser, schema: { tags: ['prompts'], body: followUpBody, response: { 200: followUpQuestion, '4xx': errorBody } } },
    async (request): Promise<FollowUpQuestion> => ({
      question: await followUp.askFollowUp({ ctx, chat, log: request.log }, currentUser(request), request.body),
    }),
  );
}
