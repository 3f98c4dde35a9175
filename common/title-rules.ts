// The title field's length, said where it is typed (issue 20 "Caught where it happens"): the
// server's ceiling (MEMORY_TITLE_MAX) is told from the start, counted down near the end, and a
// longer title (a paste) is cut at the ceiling in the field, with a message, never at Save. What
// a paste brings past the ceiling is not thrown away: it goes to the start of the notes.
import { MEMORY_TITLE_MAX } from './limits.js';
import { messages } from './messages.js';

/** The countdown shows from this many characters left. */
export const TITLE_COUNTDOWN_FROM = 20;

export interface TitleEntry {
  /** What the field keeps: at most MEMORY_TITLE_MAX characters. */
  title: string;
  /** True when what was typed or pasted was longer and has been cut. */
  cut: boolean;
  /** What did not fit ('' when nothing was cut). */
  rest: string;
}

/** What the field keeps of `typed`. Counted in code points, so an emoji at the end is not split in two. */
export function enterTitle(typed: string): TitleEntry {
  if (typed.length <= MEMORY_TITLE_MAX) return { title: typed, cut: false, rest: '' };
  // The server counts UTF-16 units (zod's max); keep whole code points within that.
  let title = '';
  for (const character of Array.from(typed)) {
    if (title.length + character.length > MEMORY_TITLE_MAX) break;
    title += character;
  }
  return { title, cut: true, rest: typed.slice(title.length) };
}

/**
 * A paste whose rest moves to the notes: cut at the last space before the ceiling rather than
 * inside a word, when there is one in the second half (a 200-letter word is cut where it must be).
 */
export function enterPastedTitle(typed: string): TitleEntry {
  const entry = enterTitle(typed);
  if (!entry.cut || /^\s/u.test(entry.rest)) return entry;
  const space = entry.title.search(/\s\S*$/u);
  if (space < MEMORY_TITLE_MAX / 2) return entry;
  return { title: entry.title.slice(0, space), cut: true, rest: typed.slice(space) };
}

/** The notes with what did not fit in the title put first, a blank line between. */
export function notesWithTitleRest(rest: string, notes: string): string {
  const moved = rest.trim();
  if (!moved) return notes;
  return notes.trim() ? `${moved}\n\n${notes}` : moved;
}

/** The words under the field: the ceiling, or, near it, how many characters are left. */
export function titleHint(title: string): string {
  const left = MEMORY_TITLE_MAX - title.length;
  return left <= TITLE_COUNTDOWN_FROM ? messages.titleCharactersLeft(Math.max(0, left)) : messages.titleLengthHint(MEMORY_TITLE_MAX);
}
