// memories §2 "Share Memory dialog", §4 (selection), §6 (who is offered), §8 (toasts).
import { Button, Checkbox, Group, Modal, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Audience, Memory } from '../../../../common/memories';
import { messages } from '../../../../common/messages';
import { displayNameOf } from '../../../../common/people';
import { toUserText } from '../../api/errors';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import { UserAvatar } from '../../components/UserAvatar';
import { toast } from '../../lib/toast';
import { useTimelines } from '../timelines';
import { audienceOf, audienceWords, initialSelection, shareButtonLabel, userIdsToSend } from './shareRules';
import wrapping from '../../components/WrappingButton.module.css';
import classes from './ShareMemoryDialog.module.css';
import touch from './touchTargets.module.css';
import { useMemoryMembers } from './useMemoryMembers';

/** Cancel and the main choice: every word shows, centred, however narrow the phone. */
const actionButton = `${wrapping.wrappingButton} ${wrapping.centered}`;

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
  // issue 20: a 'timeline' memory starts with every listed member chosen (its sharedWith holds
  // them, but someone may have joined since it was read); null until the person changes it.
  const [picked, setPicked] = useState<string[] | null>(() => (memory.audience === 'timeline' ? null : initialSelection(memory.sharedWith, currentUserId)));
  // With nobody else on its timelines yet: whoever joins sees it, unless it is private now.
  const [joiners, setJoiners] = useState(memory.audience !== 'private');

  const { timelines } = useTimelines();

  const share = useApiMutation<{ userIds: string[]; audience: Audience }>({
    mutationFn: ({ userIds, audience }) => api.memories.share(memory.id, userIds, audience),
    success: messages.shareUpdated,
    // memories §8: 'Error updating sharing' with the server's message, or the fallback.
    error: false,
    onError: (error) => toast.error(toUserText(error, messages.shareUpdateFailedDetail), messages.shareUpdateFailed),
    invalidate: [queryKeys.memories],
    onSuccess: onClose,
  });

  const offered = new Set(members.map((member) => member.id));
  const selected = picked ?? [...offered];
  const selectedOffered = selected.filter((id) => offered.has(id));
  // issue 20: who will see it, in words, for the selection on screen.
  const audience = audienceOf(selectedOffered.length, members.length, joiners);
  const label = shareButtonLabel(audience);
  const timelineNames = memory.timelineIds.flatMap((timelineId) => timelines.find((timeline) => timeline.id === timelineId)?.name ?? []);
  const chosen = members.filter((member) => selectedOffered.includes(member.id)).map((member) => ({ name: displayNameOf(member, messages.unnamedUser) }));

  return (
    <Modal opened={opened} onClose={onClose} title={messages.shareMemoryTitle} centered closeButtonProps={{ 'aria-label': messages.shareMemoryClose }} classNames={{ content: touch.content }}>
      <Stack gap="md">
        <Text>{messages.shareMemoryIntro}</Text>
        <ScrollArea h={MEMBER_LIST_HEIGHT} type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, 'aria-label': messages.timelineMembers }}>
          {isLoading ? (
            <Stack gap="xs" aria-busy="true" aria-label={messages.shareMemoryLoadingMembers}>
              {[0, 1, 2].map((index) => (
                <Skeleton key={index} h={44} radius="md" />
              ))}
            </Stack>
          ) : members.length === 0 ? (
            <Stack gap="sm">
              <Text c="dimmed">{messages.shareMemoryNobodyElse}</Text>
              <Checkbox
                checked={joiners}
                onChange={(event) => setJoiners(event.currentTarget.checked)}
                label={messages.shareWithJoiners}
                size="md"
                styles={{ label: { fontSize: 'var(--mantine-font-size-md)' } }}
              />
            </Stack>
          ) : (
            <Checkbox.Group value={selectedOffered} onChange={setPicked} aria-label={messages.timelineMembers}>
              <Stack gap={4}>
                {members.map((member) => {
                  const name = displayNameOf(member, messages.unnamedUser);
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
        {!isLoading && (
          <Text size="md" fw={500} role="status" aria-live="polite" data-testid="share-audience">
            {audienceWords(audience, timelineNames, chosen)}
          </Text>
        )}
        <div className={classes.actions}>
          <Button variant="default" size="md" className={actionButton} onClick={onClose} disabled={share.isPending}>
            {messages.cancel}
          </Button>
          <Button
            size="md"
            className={actionButton}
            loading={share.isPending}
            disabled={isLoading}
            onClick={() => share.mutate({ userIds: userIdsToSend(selectedOffered, members, currentUserId), audience })}
          >
            {label}
          </Button>
        </div>
      </Stack>
    </Modal>
  );
}
