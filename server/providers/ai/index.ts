// The one place a chat client is built (STYLE: providers from one factory that may return none).
import { noChatModel } from './none.js';
import { openAiCompatibleChat, type ChatModelConfig } from './openai-compatible.js';
import type { ChatClient, ChatClientOptions } from './types.js';

export { ChatError, type ChatClient, type ChatClientOptions, type ChatMessage, type ChatRequest } from './types.js';

/** `config.llm` as loaded: null (LLM_URL unset) gives the 'none' driver, which sends nothing. */
export function createChatClient(config: ChatModelConfig | null, options: ChatClientOptions = {}): ChatClient {
  return config ? openAiCompatibleChat(config, options) : noChatModel;
}
