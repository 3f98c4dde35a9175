import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Timeline } from '../../api/types';
import { TimelineInviteLink } from '../invites';
import { messages } from '../../../../common/messages';

/** accounts §2 Communities: "Invite to Timeline"; issue 20: the new link is shown right here. */
export function InviteDialog({ timeline, opened, onClose }: { timeline: Timeline; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={messages.inviteToTimeline} centered closeButtonProps={{ 'aria-label': messages.closeDialog }}>
      <Stack>
        <Text>{messages.inviteToTimelineDetail(timeline.name)}</Text>
        {/* Mounted while open only, so each opening offers a new link. */}
        {opened && <TimelineInviteLink timeline={timeline} createLabel={messages.createInviteLink} fresh />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {messages.done}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
