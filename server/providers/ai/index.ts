// The one place AI clients are built (STYLE: providers from one factory that may return none).
import { noChatModel, noTranscriber } from './none.js';
import { openAiCompatibleChat, type ChatModelConfig } from './openai-compatible.js';
import { openAiCompatibleTranscriber, type TranscribeConfig } from './openai-transcription.js';
import type { Transcriber, TranscriberOptions } from './transcriber.js';
import type { ChatClient, ChatClientOptions } from './types.js';

export { completeJson } from './json-reply.js';
export { ChatError, type ChatClient, type ChatClientOptions, type ChatMessage, type ChatRequest } from './types.js';
export { TranscriptionError, type Transcriber, type TranscriberOptions, type TranscriptionRequest } from './transcriber.js';

/** `config.llm` as loaded: null (LLM_URL unset) gives the 'none' driver, which sends nothing. */
export function createChatClient(config: ChatModelConfig | null, options: ChatClientOptions = {}): ChatClient {
  return config ? openAiCompatibleChat(config, options) : noChatModel;
}

/** `config.transcribe` as loaded: null (TRANSCRIBE_URL unset) gives the 'none' driver, which sends nothing. */
export function createTranscriber(config: TranscribeConfig | null, options: TranscriberOptions = {}): Transcriber {
  return config ? openAiCompatibleTranscriber(config, options) : noTranscriber;
}
