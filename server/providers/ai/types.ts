// What features may ask of a chat model (DESIGN "AI"). Features never see the driver: they
// hold a ChatClient and fall back to their built-in engine whenever `complete` rejects.

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  /** Asks the model for a single JSON object (OpenAI `response_format: json_object`). */
  json?: boolean;
}

export interface ChatClient {
  /** 'none' when no model is configured: nothing is ever sent, every request rejects. */
  readonly driver: 'none' | 'openai-compatible';
  /** The model's reply text. Rejects with ChatError on any failure, the time limit included. */
  complete(request: ChatRequest): Promise<string>;
}

export interface ChatClientOptions {
  /** How long a request may take in all, reply body included; DESIGN "AI": 8 s. Tests shorten it. */
  timeoutMs?: number;
}

/** Any reason a chat model gave no usable reply; callers fall back rather than fail. */
export class ChatError extends Error {
  override readonly name = 'ChatError';
}
