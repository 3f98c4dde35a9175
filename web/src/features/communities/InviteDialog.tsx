import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Timeline } from '../../api/types';
import { TimelineInviteLink } from '../invites';

/** accounts §2 Communities: "Invite to Timeline"; issue 20: the new link is shown right here. */
export function InviteDialog({ timeline, opened, onClose }: { timeline: Timeline; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Invite to Timeline" centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Stack>
        <Text>A new invite link for {timeline.name} will be created. Anyone with the link can join for the next 48 hours.</Text>
        {/* Mounted while open only, so each opening offers a new link. */}
        {opened && <TimelineInviteLink timeline={timeline} createLabel="Create Invite Link" fresh />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
