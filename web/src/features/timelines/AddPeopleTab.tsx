import { Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { User } from '../../../../common/users';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { TimelineInviteLink } from '../invites';
import { AddStorytellerButton, StorytellerMemberNote, useStorytellers } from '../storytellers';
import { useActiveTimeline } from './ActiveTimeline';
import { MemberRow } from './MemberRow';

/**
 * accounts §2 Manage Timelines, tab "Add People": members and an invite link, made and shown
 * here with its life, Copy and Share (issue 20), as everywhere else a link is made.
 */
export function AddPeopleTab({ user }: { user: User }) {
  const { timelines, active } = useActiveTimeline();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const timeline = timelines.find((candidate) => candidate.id === chosenId) ?? active;
  const members = useQuery({
    queryKey: queryKeys.timelineMembers(timeline?.id ?? ''),
    queryFn: () => api.timelines.members(timeline!.id),
    enabled: Boolean(timeline),
  });

  const storytellers = useStorytellers(timeline?.id ?? '', Boolean(timeline && members.data?.some((member) => member.isStoryteller)));

  if (!timeline) return <Text c="dimmed">{messages.noTimelinesAvailable}</Text>;

  return (
    <Stack gap="md">
      <Select
        label={messages.timeline}
        data={timelines.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
        value={timeline.id}
        onChange={(value) => value && setChosenId(value)}
        allowDeselect={false}
      />
      <Stack gap="sm" role="list" aria-label={messages.members}>
        {members.data?.length === 0 && <Text c="dimmed">{messages.noMembersFound}</Text>}
        {members.data?.map((member) => {
          const storyteller = storytellers.get(member.id);
          return <MemberRow key={member.id} member={member} isSelf={member.id === user.id} detail={member.isStoryteller ? <StorytellerMemberNote storyteller={storyteller} /> : undefined} />;
        })}
      </Stack>
      {/* Issue 23: someone who tells stories by link, with no account, joins here too. */}
      <Group>
        <AddStorytellerButton key={timeline.id} timeline={timeline} />
      </Group>
      {/* Keyed by timeline: choosing another shows that timeline's link, or its button. */}
      <TimelineInviteLink key={timeline.id} timeline={timeline} createLabel={messages.inviteGenerateButton} failure={() => messages.inviteTimelineFailed} />
    </Stack>
  );
}
