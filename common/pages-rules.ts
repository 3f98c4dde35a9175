// The next page's header as a plain constant, without zod, so the web's first screen can read a
// page without loading the schema library (issue 21 "First load"); the page's query schema is
// in pages.ts, which says what a page is.

/** The response header that carries the next page's cursor; absent on the last page and on a whole list. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
