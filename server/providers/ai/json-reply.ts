// Asking a chat model for JSON and reading its answer against a schema.
import type { z } from 'zod';
import { ChatError, type ChatClient, type ChatMessage } from './types.js';

/** Models often wrap JSON in a Markdown fence despite being told not to. */
const unfenced = (text: string) => text.trim().replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '');

/**
 * Sends `messages` in JSON mode and returns the reply parsed by `schema`; a reply that is not
 * JSON, or not of that shape, is a ChatError carrying `what` ("one question", …).
 */
export async function completeJson<T>(chat: ChatClient, messages: ChatMessage[], schema: z.ZodType<T>, what: string): Promise<T> {
  const reply = await chat.complete({ json: true, messages });
  let json: unknown;
  try {
    json = JSON.parse(unfenced(reply));
  } catch (error) {
    throw new ChatError('The chat model did not reply with JSON', { cause: error });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ChatError(`The chat model did not reply with ${what}`);
  return parsed.data;
}
