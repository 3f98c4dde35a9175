import { Badge, Group, Text } from '@mantine/core';
import { messages } from '../../../../common/messages';
import type { Storyteller } from '../../../../common/storytellers';

/**
 * Under a storyteller's name among the members: the "Storyteller" mark for everyone, and once
 * their details have arrived, how many stories they have told and whether their link is stopped.
 */
export function StorytellerMemberNote({ storyteller }: { storyteller: Storyteller | undefined }) {
  return (
    <Group gap={6} wrap="wrap" mt={2}>
      <Badge variant="light" color="grape" tt="none" size="lg">
        {messages.storytellerBadge}
      </Badge>
      {storyteller && <Text c="dimmed">{messages.storytellerStories(storyteller.stories)}</Text>}
      {storyteller && !storyteller.linkActive && storyteller.abilities.canManage && (
        <Badge variant="outline" color="gray" tt="none" size="lg">
          {messages.storytellerLinkOff}
        </Badge>
      )}
    </Group>
  );
}
