// The one place AI clients are built (STYLE: providers from one factory that may return none).
import { createLocalTranscriber } from './local/index.js';
import { noChatModel, noTranscriber } from './none.js';
import { openAiCompatibleChat, type ChatModelConfig } from './openai-compatible.js';
import type { Config } from '../../config.js';
import { openAiCompatibleTranscriber } from './openai-transcription.js';
import type { Transcriber, TranscriberOptions } from './transcriber.js';
import type { ChatClient, ChatClientOptions } from './types.js';

export { completeJson } from './json-reply.js';
export { ChatError, type ChatClient, type ChatClientOptions, type ChatMessage, type ChatRequest } from './types.js';
export { TranscriptionError, type Transcriber, type TranscriberOptions, type TranscriptionRequest } from './transcriber.js';

/** `config.llm` as loaded: null (LLM_URL unset) gives the 'none' driver, which sends nothing. */
export function createChatClient(config: ChatModelConfig | null, options: ChatClientOptions = {}): ChatClient {
  return config ? openAiCompatibleChat(config, options) : noChatModel;
}

/** The transcriber the configuration chose, as the app holds it. */
export type ConfiguredTranscriber = Transcriber & {
  /** What GET /api/config names: the local model file's name, the service's model, or null. */
  readonly model: string | null;
  /** Gives back what the engine holds (the local engine's child process); the app calls it as it closes. */
  close(): Promise<void>;
};

/** Which engine TRANSCRIBE chose (config.ts sets at most one); neither gives the 'none' driver, which sends nothing. */
export type TranscriberChoice = Partial<Pick<Config, 'transcribe' | 'localTranscribe'>>;

const nothingToClose = async () => undefined;

/** The one place a transcriber is built from the configuration (DESIGN "Words for every voice"). */
export function createTranscriber({ transcribe, localTranscribe }: TranscriberChoice, options: TranscriberOptions = {}): ConfiguredTranscriber {
  if (localTranscribe) return createLocalTranscriber({ ...localTranscribe, timeoutMs: options.timeoutMs });
  if (transcribe) return { ...openAiCompatibleTranscriber(transcribe, options), model: transcribe.model, close: nothingToClose };
  return { ...noTranscriber, model: null, close: nothingToClose };
}
