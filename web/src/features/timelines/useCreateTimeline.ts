// Creating a timeline from a name and colour (accounts §2 Manage Timelines; the capture
// wizard's timeline step for someone with none): one call, one pair of toasts.
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import type { Timeline } from '../../api/types';
import { useApiMutation } from '../../api/useApiMutation';
import { toast } from '../../lib/toast';

export function useCreateTimeline({ onCreated }: { onCreated: (timeline: Timeline) => void }) {
  return useApiMutation({
    mutationFn: api.timelines.create,
    success: messages.timelineCreated,
    error: messages.timelineCreateFailed,
    // The user may now have a default timeline as well as a new one.
    invalidate: [queryKeys.timelines, queryKeys.currentUser],
    onSuccess: onCreated,
  });
}

/** accounts §5: a blank timeline name, refused before any call. */
export const toastBlankTimelineName = () => toast.error(messages.timelineNameRequiredDetail, messages.timelineNameRequired);
