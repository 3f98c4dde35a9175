// Word error rate, the measure speech recognition is judged by: the fewest words substituted,
// deleted and inserted to turn what was heard into what was said, over the words said.

/** Words in lower case, punctuation gone (apostrophes kept: "don't" is one word). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}'\s]/gu, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

/** The edit distance in words between `said` and `heard` (Levenshtein over words). */
export function wordErrors(said: string[], heard: string[]): number {
  let previous = Array.from({ length: heard.length + 1 }, (_, j) => j);
  for (let i = 1; i <= said.length; i++) {
    const current = [i];
    for (let j = 1; j <= heard.length; j++) {
      const substitution = previous[j - 1]! + (said[i - 1] === heard[j - 1] ? 0 : 1);
      current.push(Math.min(substitution, previous[j]! + 1, current[j - 1]! + 1));
    }
    previous = current;
  }
  return previous[heard.length]!;
}

/** WER of `heard` against `said`: errors over the number of words said (may pass 1 when much is inserted). */
export function wordErrorRate(said: string, heard: string): number {
  const expected = words(said);
  if (expected.length === 0) return words(heard).length === 0 ? 0 : 1;
  return wordErrors(expected, words(heard)) / expected.length;
}
