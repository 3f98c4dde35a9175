// The words a search matched, marked in its results (issue 10 "Matches are highlighted").
// The words are the rule's own (common/search.ts searchWords: lower-cased, one-letter words
// left out) and a match is a case-insensitive substring, as memories §5 finds them.
import { memorySnippet, type SnippetSource } from '../../../../common/memories-rules';

export interface TextPart {
  text: string;
  match: boolean;
}

/**
 * The lower-cased text, and for each of its code units the span of the original text it came
 * from: lower-casing may lengthen a character ('İ' becomes two code units), and a mark must
 * still fall on the characters the person typed.
 */
function foldCase(text: string): { folded: string; starts: number[]; ends: number[] } {
  const whole = text.toLowerCase();
  if (whole.length === text.length) {
    const starts = Array.from({ length: text.length }, (_, index) => index);
    return { folded: whole, starts, ends: starts.map((index) => index + 1) };
  }
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  for (let index = 0; index < text.length; ) {
    const character = String.fromCodePoint(text.codePointAt(index)!);
    const lower = character.toLowerCase();
    for (let unit = 0; unit < lower.length; unit += 1) {
      starts.push(index);
      ends.push(index + character.length);
    }
    folded += lower;
    index += character.length;
  }
  return { folded, starts, ends };
}

/** Where in `text` any of `words` appears, as sorted [start, end) spans, overlaps merged. */
function matchSpans(text: string, words: readonly string[]): [number, number][] {
  const { folded, starts, ends } = foldCase(text);
  const spans: [number, number][] = [];
  for (const word of words) {
    if (!word) continue;
    for (let at = folded.indexOf(word); at >= 0; at = folded.indexOf(word, at + 1)) {
      spans.push([starts[at]!, ends[at + word.length - 1]!]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([...span]);
  }
  return merged;
}

/** `text` cut into the runs that match one of `words` and the runs between them. */
export function highlightParts(text: string, words: readonly string[]): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const [start, end] of matchSpans(text, words)) {
    if (start > from) parts.push({ text: text.slice(from, start), match: false });
    parts.push({ text: text.slice(start, end), match: true });
    from = end;
  }
  if (from < text.length || parts.length === 0) parts.push({ text: text.slice(from), match: false });
  return parts;
}

/**
 * The result's snippet (memories §2: up to `max` characters, "..." where cut): drawn, like a
 * card's, from the transcription, then the notes, but around the first match, so a word
 * found deep in a long transcription is shown. A memory matched only by its title gets the
 * card's snippet.
 */
export function matchSnippet(memory: SnippetSource, words: readonly string[], max: number): string {
  for (const source of [memory.transcription, memory.content]) {
    const text = source?.trim().replace(/\s+/g, ' ') ?? '';
    const first = matchSpans(text, words)[0];
    if (!first) continue;
    if (text.length <= max) return text;
    // A quarter of the room before the match, so it reads in its sentence.
    const start = Math.max(0, Math.min(first[0] - Math.floor(max / 4), text.length - max));
    const cut = text.slice(start, start + max).trim();
    return `${start > 0 ? '...' : ''}${cut}${start + max < text.length ? '...' : ''}`;
  }
  return memorySnippet(memory, max);
}
