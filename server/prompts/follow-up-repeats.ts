// The one rule for "is this question a repeat?" (issue 20 "Caught where it happens"): a
// follow-up question never asks again the prompt the story answers, its title, or a question
// already asked. Applied where questions are made, by the built-in engine and to the chat
// model's answer alike, so neither can hand the wizard a repeat.

/** Questions compared as a reader would: case, spacing and punctuation aside. */
export function normaliseQuestion(question: string): string {
  return question
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Two texts this alike in their words (shared words over all words) read as the same question
 * in other words: "What was your first home like?" and "What was your very first home like?".
 * A question that quotes a prompt inside a longer sentence of its own stays well below it.
 */
const NEAR_DUPLICATE_OVERLAP = 0.75;
/** Fewer words than this are compared whole only: two short questions share most of their words by chance. */
const NEAR_DUPLICATE_MIN_WORDS = 4;

function wordsOf(normalised: string): Set<string> {
  return new Set(normalised.split(' ').filter(Boolean));
}

/** True when `question` says again one of `earlier` (questions asked, the prompt, the title), exactly or nearly. */
export function repeatsAny(question: string, earlier: readonly (string | undefined)[]): boolean {
  const asked = normaliseQuestion(question);
  if (!asked) return false;
  const words = wordsOf(asked);
  return earlier.some((text) => {
    const other = normaliseQuestion(text ?? '');
    if (!other) return false;
    if (other === asked) return true;
    const otherWords = wordsOf(other);
    if (Math.min(words.size, otherWords.size) < NEAR_DUPLICATE_MIN_WORDS) return false;
    const shared = [...words].filter((word) => otherWords.has(word)).length;
    return shared / (words.size + otherWords.size - shared) >= NEAR_DUPLICATE_OVERLAP;
  });
}
