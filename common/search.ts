// Search (memories §2 "Search Memories dialog", §5 "Search"; DESIGN "API"): the query the
// server takes and the rule itself. The server answers with exactly the memories the rule
// keeps from the caller's full visible list; the index only makes that fast.
import { z } from 'zod';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from './limits.js';
import { memory } from './memories.js';
import { messages } from './messages.js';
import { pageFields } from './pages.js';
import { timeZoneField } from './prompts.js';

/** memories §5: the query split on spaces; only words longer than one character count. Lower-cased. */
export function searchWords(query: string): string[] {
  return query
    .split(/\s+/)
    .filter((word) => word.length > 1)
    .map((word) => word.toLowerCase());
}

export interface SearchableText {
  title: string;
  content: string | null;
  transcription: string | null;
}

/**
 * memories §5: every word appears, case-insensitive, anywhere inside the title, the content or
 * the transcription (a substring: "gran" finds "grandmother"). No word (only one-letter
 * words) keeps everything, as the spec's rule does.
 */
export function matchesSearch(memory: SearchableText, words: readonly string[]): boolean {
  const haystacks = [memory.title, memory.content ?? '', memory.transcription ?? ''].map((text) => text.toLowerCase());
  return words.every((word) => haystacks.some((text) => text.includes(word)));
}

/** A calendar day, yyyy-MM-dd, that exists. */
const dayField = (field: 'start' | 'end') =>
  z
    .string({ error: messages.searchDayInvalid(field) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: messages.searchDayInvalid(field) })
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), {
      error: messages.searchDayInvalid(field),
    });

/**
 * GET /api/memories/search?q=&start=&end=&tz=&withImages=&timelineIds= (DESIGN "API"):
 * start and end are days taken in `tz` from 00:00 to 23:59:59.999; timelineIds is
 * comma-separated (any of them); withImages=true keeps memories with at least one image.
 * cursor and limit page through the matches (common/pages.ts).
 */
export const searchQuery = z
  .object({
    q: z
      .string({ error: messages.searchTooShort })
      .trim()
      .min(SEARCH_MIN_LENGTH, { error: messages.searchTooShort })
      .max(SEARCH_MAX_LENGTH, { error: messages.searchTooLong }),
    start: dayField('start').optional(),
    end: dayField('end').optional(),
    tz: timeZoneField.default('UTC'),
    withImages: z
      .enum(['true', 'false'], { error: messages.searchWithImagesInvalid })
      .optional()
      .transform((value) => value === 'true'),
    timelineIds: z
      .string({ error: messages.searchTimelineIdsInvalid })
      .max(2_000, { error: messages.searchTimelineIdsInvalid })
      .regex(/^[A-Za-z0-9_-]+(,[A-Za-z0-9_-]+)*$/, { error: messages.searchTimelineIdsInvalid })
      .optional()
      .transform((value) => (value === undefined ? [] : [...new Set(value.split(','))])),
    ...pageFields,
  })
  .refine((query) => query.start === undefined || query.end === undefined || query.start <= query.end, {
    error: messages.searchRangeReversed,
  });
export type SearchQuery = z.infer<typeof searchQuery>;

/** Newest first. */
export const searchResults = z.array(memory);
