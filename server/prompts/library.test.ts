import { describe, expect, it } from 'vitest';
import { PROMPT_LIBRARY_MIN } from '../../common/limits.js';
import { lookingBackPrompts } from './library-looking-back.js';
import { lookingForwardPrompts } from './library-looking-forward.js';

/** Case, punctuation and spacing do not make two prompts different. */
const normalised = (prompt: string) => prompt.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

describe('the built-in prompt library (DESIGN "AI")', () => {
  it.each([
    ['looking back', lookingBackPrompts],
    ['looking forward', lookingForwardPrompts],
  ])('holds at least 300 %s prompts', (_, pool) => {
    expect(PROMPT_LIBRARY_MIN).toBe(300);
    expect(pool.length).toBeGreaterThanOrEqual(PROMPT_LIBRARY_MIN);
  });

  it('has no prompt twice, within a pool or across the two', () => {
    const all = [...lookingBackPrompts, ...lookingForwardPrompts].map(normalised);
    const repeated = all.filter((prompt, index) => all.indexOf(prompt) !== index);
    expect(repeated).toEqual([]);
  });

  it('makes every prompt a single short question on one line', () => {
    const malformed = [...lookingBackPrompts, ...lookingForwardPrompts].filter(
      (prompt) => prompt !== prompt.trim() || !prompt.endsWith('?') || prompt.split('?').length !== 2 || /[\r\n]/.test(prompt) || prompt.length > 200 || !/^[A-Z]/.test(prompt),
    );
    expect(malformed).toEqual([]);
  });
});
