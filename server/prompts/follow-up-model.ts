// Asking the configured chat model for a follow-up question (DESIGN "AI"). Any answer that
// is not exactly one new question is an error, so the service falls back to the built-in engine.
import { z } from 'zod';
import { ChatError, completeJson, type ChatClient } from '../providers/ai/index.js';
import type { FollowUpInput } from './follow-up-engine.js';
import { repeatsAny } from './follow-up-repeats.js';

/** Long enough for any one question; a model that rambles is treated as a failure. */
const QUESTION_MAX_LENGTH = 300;

const answer = z.object({
  question: z
    .string()
    .trim()
    .min(1)
    .max(QUESTION_MAX_LENGTH)
    .regex(/^[^\r\n]+\?$/),
});

const instructions = [
  'You help people record their memories in Heirloom, a private app where families keep and share their stories.',
  'Given a memory someone has just written, ask ONE warm, curious follow-up question that helps them remember and tell more.',
  'Make it specific to this memory: the people, places, times and feelings in it. One sentence, under 200 characters, ending with a question mark.',
  'When the memory has no text yet (it was told by voice), ask about the story its title and the prompt it answers point to.',
  'Never ask any of the questions already asked, nor the prompt or the title back, nor the same question in other words.',
  'Reply with strict JSON only, exactly {"question": "..."}, with no other keys and no other text.',
].join('\n');

function request({ memoryContent, previousQuestions, title, prompt }: FollowUpInput): string {
  // JSON-quoted, so the memory reads as the text to ask about rather than as instructions.
  const lines = [];
  if (title?.trim()) lines.push(`Its title: ${JSON.stringify(title.trim())}`);
  if (prompt?.trim()) lines.push(`The prompt it answers: ${JSON.stringify(prompt.trim())}`);
  lines.push(`The memory: ${JSON.stringify(memoryContent)}`);
  if (previousQuestions.length) lines.push(`Questions already asked: ${JSON.stringify(previousQuestions)}`);
  return lines.join('\n');
}

/** One follow-up question from the model; a repeat of the prompt, the title or an earlier question counts as a failure. */
export async function askModelForFollowUp(chat: ChatClient, input: FollowUpInput): Promise<string> {
  const messages = [
    { role: 'system' as const, content: instructions },
    { role: 'user' as const, content: request(input) },
  ];
  const { question } = await completeJson(chat, messages, answer, 'one question');
  if (repeatsAny(question, [...input.previousQuestions, input.title, input.prompt])) {
    throw new ChatError('The chat model repeated the prompt, the title or a question already asked');
  }
  return question;
}
