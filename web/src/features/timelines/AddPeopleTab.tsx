import { Button, Select, Stack, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { User } from '../../../../common/users';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import { toast } from '../../lib/toast';
import { useActiveTimeline } from './ActiveTimeline';
import { MemberRow } from './MemberRow';
import { shareInviteLink, timelineInviteUrl } from './shareInviteLink';
import { messages } from '../../../../common/messages';

/** accounts §2 Manage Timelines, tab "Add People": members and an invite link. */
export function AddPeopleTab({ user }: { user: User }) {
  const { timelines, active } = useActiveTimeline();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const timeline = timelines.find((candidate) => candidate.id === chosenId) ?? active;
  const members = useQuery({
    queryKey: queryKeys.timelineMembers(timeline?.id ?? ''),
    queryFn: () => api.timelines.members(timeline!.id),
    enabled: Boolean(timeline),
  });

  const invite = useApiMutation({
    mutationFn: (timelineId: string) => api.timelines.createInvite(timelineId),
    error: () => 'Failed to create timeline invite',
    invalidate: timeline ? [queryKeys.timelineInvite(timeline.id)] : [],
    onSuccess: async (link) => {
      if (!link?.id) return toast.error(messages.inviteLinkFailed);
      await shareInviteLink(timelineInviteUrl(link.id), timeline ? { title: `Join ${timeline.name} Timeline`, text: `You're invited to share memories on ${timeline.name}.` } : undefined);
    },
  });

  if (!timeline) return <Text c="dimmed">No timelines available</Text>;

  return (
    <Stack gap="md">
      <Select
        label="Timeline"
        data={timelines.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
        value={timeline.id}
        onChange={(value) => value && setChosenId(value)}
        allowDeselect={false}
      />
      <Stack gap="sm" role="list" aria-label="Members">
        {members.data?.length === 0 && <Text c="dimmed">No members found</Text>}
        {members.data?.map((member) => <MemberRow key={member.id} member={member} isSelf={member.id === user.id} />)}
      </Stack>
      <Button leftSection={<IconLink size={18} />} onClick={() => invite.mutate(timeline.id)} loading={invite.isPending}>
        Generate Invite Link
      </Button>
    </Stack>
  );
}
