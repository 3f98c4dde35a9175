// The word error rate the real-model test judges by: checked here, where it always runs.
import { describe, expect, it } from 'vitest';
import { wordErrorRate, wordErrors, words } from './test-wer.js';

describe('word error rate', () => {
  it('is 0 for the same words, whatever the case and punctuation', () => {
    expect(wordErrorRate('My grandmother baked bread.', ' my Grandmother, baked bread')).toBe(0);
  });

  it('counts a substitution, a deletion and an insertion as one error each', () => {
    expect(wordErrorRate('she sang every morning', 'she sank every morning')).toBe(0.25);
    expect(wordErrorRate('she sang every morning', 'she every morning')).toBe(0.25);
    expect(wordErrorRate('she sang every morning', 'she sang every single morning')).toBe(0.25);
  });

  it('takes the fewest edits, not a word-by-word comparison', () => {
    // Shifted by one inserted word: one error, not four.
    expect(wordErrors(words('we walked to the river'), words('then we walked to the river'))).toBe(1);
  });

  it('is 1 when nothing was heard, and can pass 1 when much is invented', () => {
    expect(wordErrorRate('the farm was small', '')).toBe(1);
    expect(wordErrorRate('yes', 'no no no')).toBe(3);
  });

  it("keeps apostrophes inside words and reads curly ones as straight", () => {
    expect(words("Don’t forget grandma's recipe!")).toEqual(["don't", 'forget', "grandma's", 'recipe']);
  });
});
