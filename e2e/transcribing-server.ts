// The e2e server with a transcription service (issue 21 "Tests that test the product"): the
// test transcription server on loopback, a real OpenAI-compatible peer over a socket that hears
// every recording as E2E_TRANSCRIBED_WORDS, and Heirloom in this same process, started as
// server/main.ts starts, with TRANSCRIBE_URL pointing at the peer (playwright.config.ts).
import { startTestTranscriptionServer } from '../server/providers/ai/test-transcription-server.js';

const peer = await startTestTranscriptionServer();
peer.reply = { kind: 'text', text: process.env.E2E_TRANSCRIBED_WORDS ?? '' };
process.env.TRANSCRIBE_URL = peer.url;
await import('../server/main.js');
