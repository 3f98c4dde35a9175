import { Card, Text } from '@mantine/core';
import type { Timeline } from '../../api/types';
import { TimelineInviteLink } from '../invites';
import { messages } from '../../../../common/messages';

/** accounts §2 Communities: the "Invite Link" card of a timeline; issue 20: the link itself, one step away. */
export function InviteLinkCard({ timeline }: { timeline: Timeline }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Text fw={700} mb="sm">
        {messages.inviteLinkHeading}
      </Text>
      <TimelineInviteLink timeline={timeline} createLabel={messages.createInviteLink} />
    </Card>
  );
}
