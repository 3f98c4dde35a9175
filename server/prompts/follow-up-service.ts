// Follow-up questions for the capture wizard (memories §2 "Questions", §7 POST
// /api/prompts/follow-up). A configured chat model writes them; otherwise, and whenever it
// fails, times out (8 s) or repeats itself, the built-in engine answers (DESIGN "AI").
import type { FollowUpBody } from '../../common/prompts.js';
import { countAiCall } from '../ai-limits/index.js';
import type { UserRow } from '../db/schema.js';
import type { PromptDeps } from './service.js';
import { builtInFollowUp } from './follow-up-engine.js';
import { askModelForFollowUp } from './follow-up-model.js';

export type FollowUpDeps = Pick<PromptDeps, 'chat' | 'log'>;

/** POST /api/prompts/follow-up: issue 19, a configured model costs the operator, so its calls count (ai-limits). */
export async function askFollowUp(deps: PromptDeps, user: UserRow, body: FollowUpBody): Promise<string> {
  if (deps.chat.driver !== 'none') await countAiCall(deps.ctx, user, 'followUp');
  return followUpQuestion(deps, body);
}

export async function followUpQuestion({ chat, log }: FollowUpDeps, body: FollowUpBody): Promise<string> {
  // With nothing written, no title and no prompt there is nothing specific to ask, and the
  // engine's open questions are as good as a model's; the 'none' driver would refuse anyway.
  const somethingToAskAbout = [body.memoryContent, body.title, body.prompt].some((text) => text?.trim());
  if (chat.driver !== 'none' && somethingToAskAbout) {
    try {
      return await askModelForFollowUp(chat, body);
    } catch (error) {
      log?.warn({ err: error }, 'The chat model gave no follow-up question; using the built-in engine');
    }
  }
  return builtInFollowUp(body);
}
