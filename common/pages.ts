// The pages of a list (DESIGN "API"; issue 19 "Memory and size"): every list that may grow
// large takes the same optional `limit` and opaque `cursor`. Without `limit` the answer is the
// whole list, as the spec's calls give it (memories §7); with it, at most `limit` items, and
// the cursor of the next page: in the body where the answer is a page object (a timeline's
// memories), else in the NEXT_CURSOR_HEADER, so a plain JSON array stays a plain JSON array.
import { z } from 'zod';
import { PAGE_LIMIT_MAX } from './limits.js';
import { messages } from './messages.js';
import { NEXT_CURSOR_HEADER } from './pages-rules.js';

/** The two query fields, to spread into a list's query schema. */
export const pageFields = {
  /** Only what comes after the place this cursor marks; the server makes it, the client only hands it back. */
  cursor: z.string().max(200, { error: messages.cursorInvalid }).optional(),
  limit: z.coerce
    .number({ error: messages.pageLimitInvalid })
    .int({ error: messages.pageLimitInvalid })
    .min(1, { error: messages.pageLimitInvalid })
    .max(PAGE_LIMIT_MAX, { error: messages.pageLimitInvalid })
    .optional(),
};

/** A list's query that has nothing but its page. */
export const pageQuery = z.object(pageFields);
export type PageQuery = z.infer<typeof pageQuery>;

// The header, without zod, for the web's first screen (pages-rules.ts).
export { NEXT_CURSOR_HEADER } from './pages-rules.js';

/** What the API document says of every list that streams and takes a page. */
export const PAGED_LIST = `Written as it is read. With limit (1 to ${PAGE_LIMIT_MAX}), at most that many, and the cursor of the next page in the ${NEXT_CURSOR_HEADER} header (absent on the last page); send it back as cursor for the next.`;
