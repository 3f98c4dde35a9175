// The family book (issue 24; DESIGN "The family book (PDF)"): the one writer of `books`.
// Filled in by the books feature's routes, service and job.
export type { BookDocument, BookMemory, BookPhoto } from './document.js';
