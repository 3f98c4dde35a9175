// No chat model configured. Privacy by default (DESIGN "AI"): nothing leaves the server
// unless LLM_URL is set, so this driver sends nothing and always refuses.
import { ChatError, type ChatClient } from './types.js';

export const noChatModel: ChatClient = {
  driver: 'none',
  complete: async () => {
    throw new ChatError('No chat model is configured');
  },
};
