// memories §4, §7, §8: Save sends the JSON update when no media changed, else the multipart
// form with upload progress; then, if the timelines changed, the second step. Each step that
// fails has its own toast; the underlying cause is logged.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Memory } from '../../../../../common/memories';
import { messages } from '../../../../../common/messages';
import { api } from '../../../api/endpoints';
import { serverMessageOf, toUserText, UploadError } from '../../../api/errors';
import { queryKeys } from '../../../api/keys';
import { refreshAfterChange } from '../../../api/refresh';
import { useApiMutation } from '../../../api/useApiMutation';
import { hasMediaChanges, timelinesChanged, updateBody, updateForm, type MemoryDraft } from './editRules';

/** A failed step: `message` is the toast's text (memories §8), `cause` what went wrong. */
class SaveStepError extends Error {
  constructor(message: string, readonly underlying: string) {
    super(message);
  }
}

/** memories §8: 'Network error occurred' on a network failure, else the server's message or 'Failed to update memory'. */
function updateFailureCause(error: unknown): string {
  if (error instanceof UploadError) {
    if (error.status === 0) return messages.detailMemoryUpdateNetworkError;
    return serverMessageOf(error.responseText) ?? messages.detailMemoryUpdateFailedCause;
  }
  if (error instanceof TypeError) return messages.detailMemoryUpdateNetworkError;
  return toUserText(error, messages.detailMemoryUpdateFailedCause);
}

export function useSaveMemoryEdit(memory: Memory, options: { onSaved: () => void }) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);

  const save = useApiMutation<MemoryDraft, Memory>({
    mutationFn: async (draft) => {
      let updated: Memory;
      try {
        if (hasMediaChanges(draft)) {
          setProgress(0);
          updated = await api.memories.updateWithMedia(memory.id, updateForm(draft), { onProgress: setProgress });
        } else {
          updated = await api.memories.update(memory.id, updateBody(draft));
        }
      } catch (error) {
        throw new SaveStepError(messages.detailMemoryUpdateFailed, updateFailureCause(error));
      } finally {
        setProgress(null);
      }
      if (timelinesChanged(memory.timelineIds, draft.timelineIds)) {
        try {
          updated = await api.memories.updateTimelines(memory.id, draft.timelineIds);
        } catch (error) {
          // The memory itself was saved: show it as it now is.
          await refreshAfterChange(queryClient, { queryKey: queryKeys.memories });
          throw new SaveStepError(messages.detailTimelinesUpdateFailed, toUserText(error));
        }
      }
      return updated;
    },
    success: messages.detailMemoryUpdated,
    invalidate: [queryKeys.memories],
    onSuccess: (updated) => {
      if (updated && typeof updated === 'object') queryClient.setQueryData(queryKeys.memory(memory.id), updated);
      options.onSaved();
    },
    onError: (error) => console.error('Memory not updated:', error instanceof SaveStepError ? error.underlying : error),
  });

  return { save, progress, uploading: progress !== null };
}
