// HTTP of editing a memory (memories §7 PATCH /api/memories/{id}): JSON without media
// changes, multipart with them. The timelines' second step (PATCH …/timelines) is in
// sharing-routes.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../common/errors.js';
import { memory } from '../../common/memories.js';
import type { AppContext } from '../context.js';
import { currentUser, requireUser } from '../http/session.js';
import { readMemoryEdit } from './edit-form.js';
import { editMemory } from './edit-service.js';

export async function memoryEditRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // requireUser answers 401 before a byte of the body is taken; the creator check comes
  // before any field is judged or file accepted (edit-form.ts).
  app.withTypeProvider<ZodTypeProvider>().patch(
    '/api/memories/:id',
    { onRequest: requireUser, schema: { tags: ['memories'], params: z.object({ id: z.string() }), response: { 200: memory, '4xx': errorBody } } },
    async (request) => {
      const editor = currentUser(request);
      return editMemory(ctx, editor, request.params.id, await readMemoryEdit(ctx, request, editor, request.params.id));
    },
  );
}
