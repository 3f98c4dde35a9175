// The family book as the API speaks it (issue 24; DESIGN "The family book (PDF)"), and the
// listen page's answer (`GET /api/listen/{token}`), which holds only what the page plays.
import { z } from 'zod';
import { BOOK_TITLE_MAX } from './limits.js';
import { messages } from './messages.js';
import { timeZoneField } from './prompts.js';

export const bookStatuses = ['queued', 'rendering', 'ready', 'failed'] as const;
export type BookStatus = (typeof bookStatuses)[number];

/** A calendar day, yyyy-MM-dd, that exists. */
const bookDayField = z
  .string({ error: messages.bookDayInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: messages.bookDayInvalid })
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), {
    error: messages.bookDayInvalid,
  });

/**
 * POST /api/books → 202 {id, status}. start and end are days in tz, both inclusive, default the
 * last twelve months ending today; the title defaults to the timeline's name; comments and
 * listen codes default on; coverMediaId is one of the book's photos (default: its first).
 */
export const createBookBody = z
  .object({
    timelineId: z.string({ error: messages.bookTimelineRequired }).min(1, { error: messages.bookTimelineRequired }).max(100),
    start: bookDayField.optional(),
    end: bookDayField.optional(),
    tz: timeZoneField.default('UTC'),
    title: z.string({ error: messages.bookTitleTooLong }).trim().max(BOOK_TITLE_MAX, { error: messages.bookTitleTooLong }).optional(),
    includeComments: z.boolean({ error: messages.bookFlagInvalid }).default(true),
    listenCodes: z.boolean({ error: messages.bookFlagInvalid }).default(true),
    coverMediaId: z.string().max(100).nullable().optional(),
  })
  .strict();
export type CreateBookBody = z.input<typeof createBookBody>;

/** GET /api/books/{id}, each of GET /api/books (the caller's, newest first). */
export const book = z.object({
  id: z.string(),
  timelineId: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  tz: z.string(),
  includeComments: z.boolean(),
  listenCodes: z.boolean(),
  /** The photo picked for the cover; null: the book's first (or the picked one was deleted since). */
  coverMediaId: z.string().nullable(),
  status: z.enum(bookStatuses),
  /** 0–100. */
  progress: z.number().int().min(0).max(100),
  pages: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  memories: z.number().int().nullable(),
  /** Words for the person when status is 'failed'. */
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Book = z.infer<typeof book>;

export const bookList = z.object({ books: z.array(book) });
export type BookList = z.infer<typeof bookList>;

/** POST /api/books → 202. */
export const createdBook = z.object({ id: z.string(), status: z.enum(bookStatuses) });
export type CreatedBook = z.infer<typeof createdBook>;

/**
 * GET /api/listen/{token}: a memory's recordings for whoever holds its printed code, and
 * nothing else. Each url is under /api/listen/{token}/, so stopping the codes stops them too.
 */
export const listenPage = z.object({
  title: z.string(),
  createdAt: z.string(),
  storyteller: z.object({ displayName: z.string() }),
  recordings: z.array(z.object({ label: z.string(), url: z.string() })),
});
export type ListenPage = z.infer<typeof listenPage>;
