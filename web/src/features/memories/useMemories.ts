import { useQuery } from '@tanstack/react-query';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';

/** GET /api/memories (memories §7): every memory the user may see. */
export function useMemories() {
  const query = useQuery({ queryKey: queryKeys.memories, queryFn: api.memories.list });
  return { memories: query.data ?? [], isLoading: query.isPending, error: query.error };
}

/** DELETE /api/memories/{id}, then the list is refreshed (memories §7, §8 capture-side texts). */
export function useDeleteMemory(options: { onDeleted?: () => void } = {}) {
  return useApiMutation<string>({
    mutationFn: (memoryId) => api.memories.remove(memoryId),
    success: messages.memoryDeleted,
    error: (message) => `${messages.memoryDeleteFailed}: ${message}`,
    invalidate: [queryKeys.memories],
    onSuccess: () => options.onDeleted?.(),
  });
}
