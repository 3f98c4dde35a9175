import { Card, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useFirstPaintDone } from '../../lib/firstPaint';
import { TimelineInviteLink } from '../invites';
import { useActiveTimeline } from '../timelines';

/**
 * Issue 20: while the active timeline has one member (the viewer), home offers to invite the
 * family, making and showing the link in place; gone once anyone else is on it.
 */
export function InviteFamilyCard() {
  const { active } = useActiveTimeline();
  const painted = useFirstPaintDone();
  const members = useQuery({
    queryKey: queryKeys.timelineMembers(active?.id ?? ''),
    queryFn: () => api.timelines.members(active!.id),
    enabled: Boolean(active) && painted,
  });
  if (!active || members.data?.length !== 1) return null;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="invite-family-title">
      <Stack gap="sm">
        <Text fw={700} size="lg" id="invite-family-title">
          {messages.homeInviteFamilyTitle}
        </Text>
        <Text>{messages.homeInviteFamilyDetail(active.name)}</Text>
        <TimelineInviteLink timeline={active} createLabel={messages.homeInviteFamilyButton} />
      </Stack>
    </Card>
  );
}
