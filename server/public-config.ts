// GET /api/config's answer: what the web may know of how this server is set up. Also written
// into a signed-in page (page-data.ts), so the app never asks for it on the way to its first screen.
import type { PublicConfig, TranscriptionEngineName } from '../common/config.js';
import type { AppContext } from './context.js';

export function publicConfigOf(ctx: AppContext): PublicConfig {
  return {
    feedbackUrl: ctx.config.feedbackUrl,
    // DESIGN "Voice is never dropped": without an engine the web ends a recording quietly.
    transcriptionAvailable: ctx.ai.transcriber.driver !== 'none',
    // DESIGN "Words for every voice": the profile page says which engine writes the words.
    transcription: { engine: engineNames[ctx.ai.transcriber.driver], model: ctx.ai.transcriber.model },
    // DESIGN "E-mail (optional)": the web offers mail (a reset link) only when it can be sent.
    mail: { enabled: ctx.config.mail !== null },
  };
}

/** A transcriber's driver as GET /api/config names its engine. */
const engineNames: Record<AppContext['ai']['transcriber']['driver'], TranscriptionEngineName> = {
  local: 'local',
  'openai-compatible': 'service',
  none: 'none',
};
