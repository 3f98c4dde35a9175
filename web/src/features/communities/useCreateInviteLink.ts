import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import type { Timeline } from '../../api/types';
import { useApiMutation } from '../../api/useApiMutation';
import { toast } from '../../lib/toast';
import { timelineInviteUrl } from '../timelines';
import { messages } from '../../../../common/messages';

/** accounts §8: "Invite link created" once copied, else "…is ready to share". */
export function useCreateInviteLink(timeline: Timeline, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: () => api.timelines.createInvite(timeline.id),
    error: (message) => `Failed to create invite: ${message}`,
    onSuccess: async (link) => {
      if (!link?.id) return toast.error(messages.inviteLinkFailed);
      queryClient.setQueryData(queryKeys.timelineInvite(timeline.id), link);
      try {
        await navigator.clipboard.writeText(timelineInviteUrl(link.id));
        toast.success(messages.inviteLinkCreated, messages.inviteLinkCopied);
      } catch {
        toast.success(messages.inviteLinkCreated, messages.timelineInviteLinkReady);
      }
      onDone?.();
    },
  });
}
