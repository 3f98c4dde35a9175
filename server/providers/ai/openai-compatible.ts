// POST {LLM_URL}/chat/completions in the OpenAI format, which OpenAI, Ollama, vLLM,
// llama.cpp and LocalAI all speak, so one driver covers hosted and self-hosted models.
import { z } from 'zod';
import { AI_TIMEOUT_MS } from '../../../common/limits.js';
import type { Config } from '../../config.js';
import { ChatError, type ChatClient, type ChatClientOptions, type ChatRequest } from './types.js';

export type ChatModelConfig = NonNullable<Config['llm']>;

/** The only part of a completion we read; anything else may vary between servers. */
const completion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

export function openAiCompatibleChat(config: ChatModelConfig, { timeoutMs = AI_TIMEOUT_MS }: ChatClientOptions = {}): ChatClient {
  const endpoint = `${config.url.replace(/\/+$/, '')}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;

  async function complete({ messages, json = false }: ChatRequest): Promise<string> {
    // Only the fields every compatible server accepts: reasoning models refuse a custom
    // temperature, and older local servers choke on json_schema.
    const body = { model: config.model, messages, ...(json ? { response_format: { type: 'json_object' } } : {}) };
    // One signal for the whole exchange, so a server that sends headers and then stalls
    // the body is cut off at the same limit.
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      // redirect: 'error': the key is for LLM_URL alone, never for wherever it points.
      const response = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify(body), signal, redirect: 'error' });
      if (!response.ok) {
        await response.body?.cancel();
        throw new ChatError(`The chat model answered HTTP ${response.status}`);
      }
      const parsed = completion.safeParse(await response.json());
      if (!parsed.success) throw new ChatError('The chat model sent a reply without a message');
      return parsed.data.choices[0]!.message.content;
    } catch (error) {
      if (error instanceof ChatError) throw error;
      if (signal.aborted) throw new ChatError(`The chat model did not answer within ${timeoutMs} ms`, { cause: error });
      throw new ChatError('The chat model could not be reached or sent no JSON', { cause: error });
    }
  }

  return { driver: 'openai-compatible', complete };
}
