import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';

/**
 * DELETE /api/memories/{id}, then the list is refreshed (memories §7). The card uses the
 * capture-side failure text 'Failed to delete memory: {message}'; the detail dialog passes its
 * own 'Failed to delete memory. Please try again.' (§8). `onRemoved` runs as soon as the server
 * has deleted it, before the refresh, so a dialog showing the memory can close first and does
 * not ask for it again.
 */
export function useDeleteMemory(options: { onDeleted?: () => void; onRemoved?: () => void; failureText?: string } = {}) {
  return useApiMutation<string>({
    mutationFn: async (memoryId) => {
      await api.memories.remove(memoryId);
      options.onRemoved?.();
    },
    success: messages.memoryDeleted,
    error: (message) => options.failureText ?? `${messages.memoryDeleteFailed}: ${message}`,
    invalidate: [queryKeys.memories],
    onSuccess: () => options.onDeleted?.(),
  });
}
