// memories §2 "Share Memory dialog", §4 (selection), §6 (who is offered), §8 (toasts).
import { Button, Checkbox, Group, Modal, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Memory } from '../../../../common/memories';
import { messages } from '../../../../common/messages';
import { displayNameOf } from '../../../../common/people';
import { toUserText } from '../../api/errors';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import { UserAvatar } from '../../components/UserAvatar';
import { toast } from '../../lib/toast';
import { initialSelection, shareButtonLabel, userIdsToSend } from './shareRules';
import touch from './touchTargets.module.css';
import { useMemoryMembers } from './useMemoryMembers';

/** memories §9: the member list scrolls within 300 px. */
const MEMBER_LIST_HEIGHT = 300;

interface ShareMemoryDialogProps {
  memory: Memory;
  currentUserId: string;
  opened: boolean;
  onClose: () => void;
}

/** Mounted on each opening, so the selection starts again from sharedWith (memories §4). */
export function ShareMemoryDialog({ memory, currentUserId, opened, onClose }: ShareMemoryDialogProps) {
  const { members, isLoading } = useMemoryMembers(memory.timelineIds, currentUserId, opened);
  const [selected, setSelected] = useState<string[]>(() => initialSelection(memory.sharedWith, currentUserId));

  const share = useApiMutation<string[]>({
    mutationFn: (userIds) => api.memories.share(memory.id, userIds),
    success: messages.shareUpdated,
    // memories §8: 'Error updating sharing' with the server's message, or the fallback.
    error: false,
    onError: (error) => toast.error(toUserText(error, messages.shareUpdateFailedDetail), messages.shareUpdateFailed),
    invalidate: [queryKeys.memories],
    onSuccess: onClose,
  });

  const offered = new Set(members.map((member) => member.id));
  const selectedOffered = selected.filter((id) => offered.has(id));
  const label = shareButtonLabel(selectedOffered.length, members.length);

  return (
    <Modal opened={opened} onClose={onClose} title="Share Memory" centered closeButtonProps={{ 'aria-label': 'Close share dialog' }} classNames={{ content: touch.content }}>
      <Stack gap="md">
        <Text>Choose who on this memory&apos;s timelines can see it.</Text>
        <ScrollArea h={MEMBER_LIST_HEIGHT} type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, 'aria-label': 'Timeline members' }}>
          {isLoading ? (
            <Stack gap="xs" aria-busy="true" aria-label="Loading members">
              {[0, 1, 2].map((index) => (
                <Skeleton key={index} h={44} radius="md" />
              ))}
            </Stack>
          ) : members.length === 0 ? (
            <Text c="dimmed">Nobody else is on this memory&apos;s timelines yet.</Text>
          ) : (
            <Checkbox.Group value={selectedOffered} onChange={setSelected} aria-label="Timeline members">
              <Stack gap={4}>
                {members.map((member) => {
                  const name = displayNameOf(member, 'User');
                  return (
                    <Group key={member.id} gap="sm" wrap="nowrap" mih={44}>
                      <UserAvatar person={member} size="sm" aria-hidden />
                      <Checkbox value={member.id} label={name} size="md" styles={{ label: { fontSize: 'var(--mantine-font-size-md)' } }} />
                    </Group>
                  );
                })}
              </Stack>
            </Checkbox.Group>
          )}
        </ScrollArea>
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onClose} disabled={share.isPending}>
            Cancel
          </Button>
          <Button size="md" loading={share.isPending} disabled={isLoading} onClick={() => share.mutate(userIdsToSend(selectedOffered, members, currentUserId))}>
            {label}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
