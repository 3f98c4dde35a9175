import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { displayNameOf } from '../../../../common/people';
import type { Member } from '../../api/types';
import { UserAvatar } from '../../components/UserAvatar';
import { messages } from '../../../../common/messages';

/**
 * accounts §2 Communities: avatar (or initials), name, "You" or "Timeline Member"; `detail` says
 * more in that line's place (issue 23: a storyteller's mark and stories).
 */
export function MemberRow({ member, isSelf, action, detail }: { member: Member; isSelf: boolean; action?: ReactNode; detail?: ReactNode }) {
  return (
    // On a phone, actions that leave the name too little room drop below it.
    <Group justify="space-between" wrap="wrap" gap="xs" role="listitem">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 12rem' }}>
        <UserAvatar person={member} />
        <div style={{ minWidth: 0 }}>
          <Text fw={500} style={{ overflowWrap: 'break-word' }}>
            {displayNameOf(member)}
          </Text>
          {detail ?? (
            <Text size="sm" c="dimmed">
              {isSelf ? messages.memberIsYou : messages.memberOfTimeline}
            </Text>
          )}
        </div>
      </Group>
      {action}
    </Group>
  );
}
