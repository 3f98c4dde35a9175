// The family book, the web's side (issue 24; DESIGN "The family book (PDF)"): the Make a book
// dialog the shell opens (loaded on first open), My books (its page loads on its own:
// SignedInApp's BOOKS_PATH) and the memory owner's "Stop listen codes".
export { LazyMakeBookDialog } from './LazyMakeBookDialog';
export { BOOKS_PATH } from './paths';
export { StopListenCodesButton } from './StopListenCodesButton';
// A file's size in words, for the profile's archive of everything too.
export { sizeInWords } from './bookSize';
