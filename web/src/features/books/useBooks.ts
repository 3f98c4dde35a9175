import { useQuery } from '@tanstack/react-query';
import type { Book } from '../../../../common/books';
import { BOOK_PROGRESS_POLL_MS } from '../../../../common/limits';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';

/** Still on its way: the job has it, or will. */
export const isUnfinished = (book: Book) => book.status === 'queued' || book.status === 'rendering';

/**
 * The caller's books, newest first. While any is being made the list is asked again every
 * BOOK_PROGRESS_POLL_MS for its progress, and not at all once none is (issue 24 "its progress
 * shown"); the page in the background keeps asking, so a book that became ready meanwhile is
 * shown ready on return.
 */
export function useBooks() {
  return useQuery({
    queryKey: queryKeys.books,
    queryFn: api.books.list,
    refetchInterval: (query) => (query.state.data?.some(isUnfinished) ? BOOK_PROGRESS_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
}
