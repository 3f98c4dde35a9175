import { ActionIcon, Badge, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { displayNameOf } from '../../../../common/people';
import type { User } from '../../../../common/users';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import type { Member, Timeline } from '../../api/types';
import { useApiMutation } from '../../api/useApiMutation';
import { MemberRow } from '../timelines';
import classes from './Communities.module.css';
import { InviteDialog } from './InviteDialog';

/** accounts §2 Communities: the "{name} Members" card. */
export function MembersCard({ timeline, user }: { timeline: Timeline; user: User }) {
  const members = useQuery({ queryKey: queryKeys.timelineMembers(timeline.id), queryFn: () => api.timelines.members(timeline.id) });
  const [removing, setRemoving] = useState<Member | null>(null);
  const [inviting, setInviting] = useState(false);
  const count = members.data?.length ?? 0;

  const remove = useApiMutation({
    mutationFn: (member: Member) => api.timelines.removeMember(timeline.id, member.id),
    success: 'Member removed',
    error: (message) => `Failed to remove member: ${message}`,
    // A removal ends the timeline's older invite links too (issue 19): the card shows none.
    invalidate: [queryKeys.timelineMembers(timeline.id), queryKeys.timelineInvite(timeline.id)],
    onSuccess: () => setRemoving(null),
  });

  return (
    <Card withBorder radius="lg" padding="lg">
      {/* On a phone, and at larger text, the button drops under the heading rather than squeezing it. */}
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap" gap="sm">
        <Stack gap={4} className={classes.cardHeading}>
          <Text fw={700} className={classes.wordy}>
            {timeline.name} Members
          </Text>
          <Badge variant="light" tt="none" w="fit-content" maw="100%">
            {count} {count === 1 ? 'member' : 'members'}
          </Badge>
        </Stack>
        <Button variant="light" leftSection={<IconUserPlus size={16} />} className={classes.wrappingButton} onClick={() => setInviting(true)}>
          Invite...
        </Button>
      </Group>
      <Stack gap="sm" role="list" aria-label={`${timeline.name} members`}>
        {members.data?.length === 0 && <Text c="dimmed">No members in this timeline yet</Text>}
        {members.data?.map((member) => (
          <MemberRow
            key={member.id}
            member={member}
            isSelf={member.id === user.id}
            action={
              // accounts §5: no remove button on one's own row; the server also refuses the owner.
              member.id !== user.id && member.id !== timeline.userId ? (
                <ActionIcon variant="subtle" color="red" aria-label={`Remove ${displayNameOf(member)}`} onClick={() => setRemoving(member)}>
                  <IconTrash size={18} />
                </ActionIcon>
              ) : undefined
            }
          />
        ))}
      </Stack>

      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title="Remove Member" centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
        <Stack>
          <Text>
            Remove {removing ? displayNameOf(removing) : ''} from {timeline.name}? They will no longer see or interact with the memories on this timeline.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => removing && remove.mutate(removing)}>
              Remove
            </Button>
          </Group>
        </Stack>
      </Modal>
      <InviteDialog timeline={timeline} opened={inviting} onClose={() => setInviting(false)} />
    </Card>
  );
}
