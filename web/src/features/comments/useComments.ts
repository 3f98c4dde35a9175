// memories §7: the comments of one memory, adding one (text and/or a voice recording) and
// deleting one; §8 toasts; issue 26: a comment that cannot go now waits in the outbox.
import { useQuery } from '@tanstack/react-query';
import type { Comment } from '../../../../common/comments';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import { OutboxFullError } from '../../lib/outbox';
import { toast } from '../../lib/toast';
import { commentAwaitsWords, pollWhileWordsAwaited } from '../../lib/wordsPolling';
import { sendComment, type CommentOutcome, type NewComment } from './sendComment';

export function useComments(memoryId: string) {
  // Issue 20 "Always current": opening a memory fetches its comments fresh, never an old answer.
  return useQuery({
    queryKey: queryKeys.comments(memoryId),
    queryFn: () => api.comments.list(memoryId),
    refetchOnMount: 'always',
    // Issue 22: a voice comment's words arrive without a reload.
    refetchInterval: pollWhileWordsAwaited((comments: Comment[]) => comments.some(commentAwaitsWords)),
  });
}

/**
 * Adds a comment, or keeps it on the device for `owner` (issue 26, sendComment.ts); either
 * way the composer is done with it. A comment the device had no room to keep stays in the
 * composer, with the words that say why.
 */
export function useAddComment(memoryId: string, owner: string | null, options: { onAdded?: () => void } = {}) {
  return useApiMutation<NewComment, CommentOutcome>({
    mutationFn: (comment) => sendComment(memoryId, comment, owner),
    // Offline the mutation must still run: keeping the comment is its work then.
    networkMode: 'always',
    success: (outcome) => (outcome.kept ? { title: messages.commentKept, message: messages.commentKeptDetail } : { title: messages.commentToastAdded }),
    error: false,
    invalidate: [queryKeys.comments(memoryId)],
    onSuccess: () => options.onAdded?.(),
    onError: (error) => {
      toast.error(error instanceof OutboxFullError ? messages.commentNotKept : messages.commentToastAddFailed);
      console.error('Comment not added', error);
    },
  });
}

export function useDeleteComment(memoryId: string) {
  return useApiMutation<string>({
    mutationFn: (commentId) => api.comments.remove(commentId),
    success: messages.commentToastDeleted,
    error: messages.commentToastDeleteFailed,
    invalidate: [queryKeys.comments(memoryId)],
    onError: (error) => console.error('Comment not deleted', error),
  });
}
