// Issue 9 "Sharing": private memories carry a lock and the words "Only you" (DESIGN "Sharing
// default"), written out so a screen reader and a glance read the same thing.
import { Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { messages } from '../../../../common/messages';
import { isPrivateMemory } from './privacy';
import type { Memory } from './types';

export function PrivateMark({ memory }: { memory: Pick<Memory, 'audience'> }) {
  if (!isPrivateMemory(memory)) return null;
  return (
    <Group gap={4} wrap="nowrap" data-testid="private-mark" style={{ flex: 'none' }}>
      <IconLock size={18} aria-hidden />
      <Text component="span" fw={600}>
        {messages.onlyYou}
      </Text>
    </Group>
  );
}
