import { ActionIcon, Badge, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../../../common/messages';
import { displayNameOf } from '../../../../common/people';
import type { User } from '../../../../common/users';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import type { Timeline, TimelineMember } from '../../api/types';
import { useApiMutation } from '../../api/useApiMutation';
import { AddStorytellerButton, ManageStorytellerButton, StorytellerMemberNote, useStorytellers } from '../storytellers';
import { MemberRow } from '../timelines';
import wrapping from '../../components/WrappingButton.module.css';
import classes from './Communities.module.css';
import { InviteDialog } from './InviteDialog';

/** accounts §2 Communities: the "{name} Members" card. */
export function MembersCard({ timeline, user }: { timeline: Timeline; user: User }) {
  const members = useQuery({ queryKey: queryKeys.timelineMembers(timeline.id), queryFn: () => api.timelines.members(timeline.id) });
  const [removing, setRemoving] = useState<TimelineMember | null>(null);
  const [inviting, setInviting] = useState(false);
  const storytellers = useStorytellers(timeline.id, members.data?.some((member) => member.isStoryteller) ?? false);
  const count = members.data?.length ?? 0;

  const remove = useApiMutation({
    mutationFn: (member: TimelineMember) => api.timelines.removeMember(timeline.id, member.id),
    success: messages.memberRemoved,
    error: messages.memberRemoveFailed,
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
            {messages.timelineMembersHeading(timeline.name)}
          </Text>
          <Badge variant="light" tt="none" w="fit-content" maw="100%">
            {messages.timelineMemberCount(count)}
          </Badge>
        </Stack>
        <Group gap="sm" wrap="wrap">
          <Button variant="light" leftSection={<IconUserPlus size={16} />} className={wrapping.wrappingButton} onClick={() => setInviting(true)}>
            {messages.inviteToTimelineButton}
          </Button>
          <AddStorytellerButton timeline={timeline} className={wrapping.wrappingButton} />
        </Group>
      </Group>
      <Stack gap="sm" role="list" aria-label={messages.timelineMembersOf(timeline.name)}>
        {members.data?.length === 0 && <Text c="dimmed">{messages.noMembersInTimeline}</Text>}
        {members.data?.map((member) => {
          const storyteller = storytellers.get(member.id);
          return (
            <MemberRow
              key={member.id}
              member={member}
              isSelf={member.id === user.id}
              detail={member.isStoryteller ? <StorytellerMemberNote storyteller={storyteller} /> : undefined}
              action={
                <Group gap="xs" wrap="nowrap">
                  {storyteller?.abilities.canManage && <ManageStorytellerButton timelineId={timeline.id} storyteller={storyteller} />}
                  {/* accounts §5: no remove button on one's own row nor the owner's; the member list
                      says so for each (server/access/abilities.ts). */}
                  {member.abilities.canRemove && (
                    <ActionIcon variant="subtle" color="red" aria-label={messages.removeMemberOf(displayNameOf(member))} onClick={() => setRemoving(member)}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  )}
                </Group>
              }
            />
          );
        })}
      </Stack>

      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={messages.removeMemberTitle} centered closeButtonProps={{ 'aria-label': messages.closeDialog }}>
        <Stack>
          <Text>{messages.removeMemberConfirm(removing ? displayNameOf(removing) : '', timeline.name)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {messages.cancel}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => removing && remove.mutate(removing)}>
              {messages.confirmRemoveMember}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <InviteDialog timeline={timeline} opened={inviting} onClose={() => setInviting(false)} />
    </Card>
  );
}
