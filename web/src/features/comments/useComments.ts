// memories §7: the comments of one memory, adding one (text and/or a voice recording) and
// deleting one; §8 toasts.
import { useQuery } from '@tanstack/react-query';
import type { Comment } from '../../../../common/comments';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import { commentAwaitsWords, pollWhileWordsAwaited } from '../../lib/wordsPolling';

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

/** What a comment is sent with: its text or recording, and the key of the comment being composed (issue 20). */
export interface NewComment {
  content?: string;
  audio?: Blob;
  idempotencyKey: string;
}

export function useAddComment(memoryId: string, options: { onAdded?: () => void } = {}) {
  return useApiMutation<NewComment>({
    mutationFn: (comment) => api.comments.create(memoryId, comment),
    success: messages.commentToastAdded,
    error: messages.commentToastAddFailed,
    invalidate: [queryKeys.comments(memoryId)],
    onSuccess: () => options.onAdded?.(),
    onError: (error) => console.error('Comment not added', error),
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
