// Asking the configured chat model for today's pair (DESIGN "AI"). Any answer that is not
// exactly what we asked for is an error, so the service falls back to the built-in engine.
import { z } from 'zod';
import { ChatError, completeJson, type ChatClient } from '../providers/ai/index.js';
import type { PromptPair } from './engine.js';

/** Long enough for any one question; a model that rambles is treated as a failure. */
const PROMPT_MAX_LENGTH = 300;

const promptText = z.string().trim().min(1).max(PROMPT_MAX_LENGTH).regex(/^[^\r\n]+$/);
const answer = z.object({ lookingBack: promptText, lookingForward: promptText });

export interface ModelContext {
  day: string;
  /** The timeline the prompts are for; its name and description steer the model. */
  timeline: { name: string; description: string | null } | null;
  /** The pair a refresh replaces. */
  previous: PromptPair | null;
}

const instructions = [
  'You write daily reflection prompts for Heirloom, a private app where families record and share their memories.',
  'Write two prompts, each a single warm, specific question of one sentence, under 200 characters:',
  '"lookingBack" invites the person to recall and tell one memory from their past (childhood, family, places, food, work, traditions, lessons);',
  '"lookingForward" invites them to share a hope, plan, wish or piece of advice for the future and for the generations after them.',
  'Reply with strict JSON only, exactly {"lookingBack": "...", "lookingForward": "..."}, with no other keys and no other text.',
].join('\n');

function request({ day, timeline, previous }: ModelContext): string {
  const lines = [`Today is ${day}.`];
  if (timeline) {
    const about = timeline.description ? ` It is described as: ${JSON.stringify(timeline.description)}.` : '';
    lines.push(`The prompts are for the shared family timeline ${JSON.stringify(timeline.name)}.${about}`);
  }
  if (previous) lines.push(`Write different prompts from these two: ${JSON.stringify(previous)}.`);
  return lines.join('\n');
}

export async function askModelForPair(chat: ChatClient, context: ModelContext): Promise<PromptPair> {
  const messages = [
    { role: 'system' as const, content: instructions },
    { role: 'user' as const, content: request(context) },
  ];
  const pair = await completeJson(chat, messages, answer, 'the two prompts');
  const { previous } = context;
  if (previous && (pair.lookingBack === previous.lookingBack || pair.lookingForward === previous.lookingForward)) {
    throw new ChatError('The chat model repeated a prompt it was asked to replace');
  }
  return pair;
}
