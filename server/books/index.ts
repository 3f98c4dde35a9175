// The family book (issue 24; DESIGN "The family book (PDF)"): the one writer of `books`. Its
// routes (routes.ts) ask for, list, read, download and delete books; its job (job.ts) makes the
// PDF, which app.ts runs under BOOK_RENDER_KIND.
export type { BookDocument, BookMemory, BookPhoto } from './document.js';
export { BOOK_RENDER_KIND, bookRenderHandler } from './job.js';
