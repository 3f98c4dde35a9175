import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import type { Timeline } from '../../api/types';
import { useApiMutation } from '../../api/useApiMutation';
import { toast } from '../../lib/toast';
import { messages } from '../../../../common/messages';

/**
 * accounts §8 "Invite link created". The new link goes into the timeline's invite query, so
 * every InviteLinkPanel of that timeline shows it at once; copying is the panel's Copy (issue
 * 20: the link is shown where it is made, never copied unseen). `failure` words a refusal where the
 * spec's catalogue names one for that place (Add People: "Failed to create timeline invite").
 */
export function useCreateInviteLink(timeline: Timeline, failure: (message: string) => string = messages.inviteCreateFailed) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: () => api.timelines.createInvite(timeline.id),
    error: failure,
    onSuccess: (link) => {
      if (!link?.id) return toast.error(messages.inviteLinkFailed);
      queryClient.setQueryData(queryKeys.timelineInvite(timeline.id), link);
      toast.success(messages.inviteLinkCreated);
    },
  });
}
