import { useState } from 'react';
import type { Book } from '../../../../common/books';
import { messages } from '../../../../common/messages';
import { isUnfinished } from './useBooks';

/**
 * Issue 24 "the family is told when it is ready", said to a screen reader too: the words of the
 * last books seen going from being made to ready (or failed) while the page was open. A book
 * already ready when the page opened is not announced.
 */
export function useBookAnnouncements(books: Book[] | undefined): string {
  const [said, setSaid] = useState('');
  const [seen, setSeen] = useState<Book[] | undefined>(undefined);
  // React's "adjust state while rendering" pattern: each new list is compared once with the last.
  if (books !== seen) {
    setSeen(books);
    const before = new Set((seen ?? []).filter(isUnfinished).map((book) => book.id));
    const finished = (books ?? []).filter((book) => before.has(book.id) && !isUnfinished(book));
    if (finished.length > 0) {
      setSaid(finished.map((book) => (book.status === 'ready' ? messages.bookReadyAnnounced(book.title) : messages.bookFailedAnnounced(book.title))).join(' '));
    }
  }
  return said;
}
