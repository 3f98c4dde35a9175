// HTTP of transcription (memories §7: POST /api/audio/transcribe, multipart field `audio`).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { transcriptionResult, type TranscriptionResult } from '../../common/audio.js';
import { errorBody } from '../../common/errors.js';
import type { AppContext } from '../context.js';
import { currentUser, requireUser } from '../http/session.js';
import { drainBody } from '../media/index.js';
import { readRecordingForm } from './recording-form.js';
import * as service from './service.js';

export async function audioRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // With TRANSCRIBE_URL unset this is the 'none' driver, and nothing leaves the server.
  const { transcriber } = ctx.ai;

  api.post(
    '/api/audio/transcribe',
    { onRequest: requireUser, schema: { tags: ['audio'], response: { 200: transcriptionResult, '4xx': errorBody, '5xx': errorBody } } },
    async (request): Promise<TranscriptionResult> => {
      const deps = { transcriber, log: request.log };
      try {
        await service.authorizeTranscription(ctx, currentUser(request), deps);
      } catch (error) {
        // DESIGN "AI": 503 (and the limit's 429) — after the recording has arrived and been dropped, unread.
        await drainBody(request);
        throw error;
      }
      const staged = await readRecordingForm(request);
      return { transcription: await service.transcribeStaged(deps, staged) };
    },
  );
}
