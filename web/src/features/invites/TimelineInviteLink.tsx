import { Button } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import type { Timeline } from '../../api/types';
import { InviteLinkPanel } from './InviteLinkPanel';
import { timelineInviteUrl } from './inviteUrl';
import { useCreateInviteLink } from './useCreateInviteLink';

/**
 * A timeline's invite link, one step away (issue 20): the link made last, or a button that
 * makes one, then the link itself with its life, Copy and Share. `fresh` always offers making a
 * new link first (the Communities "Invite to Timeline" dialog promises a new one); `failure`
 * words a refusal where the spec names its own (useCreateInviteLink).
 */
export function TimelineInviteLink({
  timeline,
  createLabel,
  fresh = false,
  failure,
}: {
  timeline: Timeline;
  createLabel: string;
  fresh?: boolean;
  failure?: (message: string) => string;
}) {
  const current = useQuery({
    queryKey: queryKeys.timelineInvite(timeline.id),
    queryFn: () => api.timelines.currentInvite(timeline.id),
    enabled: !fresh,
  });
  const create = useCreateInviteLink(timeline, failure);
  const link = fresh ? (create.data?.id ? create.data : null) : current.data;

  if (link) {
    return (
      <InviteLinkPanel
        url={timelineInviteUrl(link.id)}
        expiresAt={link.expiresAt}
        share={{ title: messages.inviteTimelineShareTitle(timeline.name), text: messages.inviteTimelineShareText(timeline.name) }}
      />
    );
  }
  return (
    <Button leftSection={<IconLink size={18} />} onClick={() => create.mutate()} loading={create.isPending || (!fresh && current.isPending)} style={{ minHeight: 'var(--touch-target)' }} w="fit-content" maw="100%">
      {createLabel}
    </Button>
  );
}
