import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Timeline } from '../../api/types';
import { useCreateInviteLink } from './useCreateInviteLink';

/** accounts §2 Communities: "Invite to Timeline". */
export function InviteDialog({ timeline, opened, onClose }: { timeline: Timeline; opened: boolean; onClose: () => void }) {
  const create = useCreateInviteLink(timeline, onClose);
  return (
    <Modal opened={opened} onClose={onClose} title="Invite to Timeline" centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Stack>
        <Text>A new invite link for {timeline.name} will be created and copied to your clipboard. Anyone with the link can join for the next 48 hours.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => create.mutate()} disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Invite Link'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
