// The built-in prompt engine (DESIGN "AI"): used whenever no chat model is configured or the
// model fails. It draws from the curated library, never repeats a prompt to the same user
// and timeline until the pool is exhausted, and is deterministic so the same inputs always
// give the same pair.
import { createHash } from 'node:crypto';
import { lookingBackPrompts } from './library-looking-back.js';
import { lookingForwardPrompts } from './library-looking-forward.js';

export interface PromptPair {
  lookingBack: string;
  lookingForward: string;
}

export type PromptKind = keyof PromptPair;
export const promptKinds: readonly PromptKind[] = ['lookingBack', 'lookingForward'];

export const promptLibrary: Record<PromptKind, readonly string[]> = {
  lookingBack: lookingBackPrompts,
  lookingForward: lookingForwardPrompts,
};

export interface Draw {
  prompt: string;
  /** True when every prompt had been served: the caller forgets the old cycle's history. */
  newCycle: boolean;
}

export interface DrawInput {
  pool: readonly string[];
  /** Prompts served to this user and timeline in the current cycle. */
  served: ReadonlySet<string>;
  /** Never drawn, even when a new cycle starts: the prompt a refresh replaces. */
  avoid: ReadonlySet<string>;
  /** Names the user, timeline, day and kind; with the number served it fixes the choice. */
  seed: string;
}

/** A number in [0, size) from a string: sha-256, so neighbouring seeds land far apart. */
function indexFor(seed: string, size: number): number {
  return createHash('sha256').update(seed).digest().readUIntBE(0, 6) % size;
}

export function drawPrompt({ pool, served, avoid, seed }: DrawInput): Draw {
  const unserved = pool.filter((prompt) => !served.has(prompt) && !avoid.has(prompt));
  const newCycle = unserved.length === 0;
  const candidates = newCycle ? pool.filter((prompt) => !avoid.has(prompt)) : unserved;
  if (candidates.length === 0) throw new Error('The prompt pool has nothing left to draw');
  // The count served is part of the seed, so each refresh of a day draws afresh rather than
  // stepping to the neighbour of the prompt it replaced.
  return { prompt: candidates[indexFor(`${seed}\n${served.size}`, candidates.length)]!, newCycle };
}

export interface PairInput {
  userId: string;
  /** '' when the prompts belong to no timeline. */
  timelineId: string;
  /** yyyy-MM-dd in the caller's zone. */
  day: string;
  served: Record<PromptKind, ReadonlySet<string>>;
  /** Today's pair that a refresh replaces: neither of its prompts comes back. */
  previous: PromptPair | null;
}

export function drawPair({ userId, timelineId, day, served, previous }: PairInput): { pair: PromptPair; draws: Record<PromptKind, Draw> } {
  const draw = (kind: PromptKind): Draw =>
    drawPrompt({
      pool: promptLibrary[kind],
      served: served[kind],
      avoid: new Set(previous ? [previous[kind]] : []),
      seed: [userId, timelineId, day, kind].join('\n'),
    });
  const draws = { lookingBack: draw('lookingBack'), lookingForward: draw('lookingForward') };
  return { pair: { lookingBack: draws.lookingBack.prompt, lookingForward: draws.lookingForward.prompt }, draws };
}
