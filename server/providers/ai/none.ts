// No model configured. Privacy by default (DESIGN "AI"): nothing leaves the server unless
// LLM_URL or TRANSCRIBE_URL is set, so these drivers send nothing and always refuse.
import { TranscriptionError, type Transcriber } from './transcriber.js';
import { ChatError, type ChatClient } from './types.js';

export const noChatModel: ChatClient = {
  driver: 'none',
  complete: async () => {
    throw new ChatError('No chat model is configured');
  },
};

export const noTranscriber: Transcriber = {
  driver: 'none',
  transcribe: async () => {
    throw new TranscriptionError('No transcription service is configured');
  },
};
