import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconLinkOff, IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../../../common/messages';
import type { Storyteller } from '../../../../common/storytellers';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import { StorytellerLinkPanel } from './StorytellerLinkPanel';

type Confirming = 'new' | 'stop' | null;

/**
 * The manager's part of a storyteller's link: the working link shown again (code, Copy, Share,
 * card), "New link" and "Stop this link", each confirmed first since the old link stops at once
 * (DESIGN: re-issuing revokes; revoking takes effect on the next request).
 */
export function StorytellerLinkSection({ timelineId, storyteller }: { timelineId: string; storyteller: Storyteller }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Confirming>(null);
  // Stopped here: the list saying so may not have caught up, and no link is not an unshowable one.
  const [stopped, setStopped] = useState(false);
  // Counts finished link changes, so focus moves after each (a new link made with no question asked too).
  const [settled, setSettled] = useState(0);
  const confirmText = useRef<HTMLParagraphElement>(null);
  const area = useRef<HTMLDivElement>(null);
  // Where focus goes once the question is gone: back to the button that asked it (Cancel), to
  // the new link, or to the words saying there is none; never lost to the page.
  const focusNext = useRef<string | null>(null);
  const link = useQuery({
    queryKey: queryKeys.storytellerLink(storyteller.id),
    queryFn: () => api.storytellers.link(storyteller.id),
    enabled: storyteller.linkActive,
  });
  const refresh = [queryKeys.storytellers(timelineId)];

  const newLink = useApiMutation({
    mutationFn: () => api.storytellers.newLink(storyteller.id),
    success: messages.storytellerNewLinkMade,
    error: messages.storytellerNewLinkFailed,
    invalidate: refresh,
    onSuccess: (made) => {
      queryClient.setQueryData(queryKeys.storytellerLink(storyteller.id), made);
      setStopped(false);
      focusNext.current = 'textarea';
      setConfirming(null);
      setSettled((count) => count + 1);
    },
  });
  const stopLink = useApiMutation({
    mutationFn: () => api.storytellers.stopLink(storyteller.id),
    success: messages.storytellerLinkStopped,
    error: messages.storytellerStopLinkFailed,
    invalidate: refresh,
    onSuccess: () => {
      queryClient.setQueryData(queryKeys.storytellerLink(storyteller.id), null);
      setStopped(true);
      focusNext.current = '[data-no-link]';
      setConfirming(null);
      setSettled((count) => count + 1);
    },
  });

  // The question takes the reader's attention (and a screen reader's) as it appears.
  useEffect(() => {
    if (confirming) confirmText.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (confirming || !focusNext.current) return;
    area.current?.querySelector<HTMLElement>(focusNext.current)?.focus();
    focusNext.current = null;
  }, [confirming, settled]);

  const ask = (question: 'new' | 'stop') => {
    focusNext.current = `[data-asks="${question}"]`;
    setConfirming(question);
  };
  return <div ref={area}>{content()}</div>;

  function content() {
    const name = storyteller.displayName;
    if (confirming) {
      const isNew = confirming === 'new';
      return (
        <Stack gap="sm" role="group" aria-label={isNew ? messages.storytellerNewLinkTitle : messages.storytellerStopLinkTitle}>
          <Text fw={700}>{isNew ? messages.storytellerNewLinkTitle : messages.storytellerStopLinkTitle}</Text>
          <Text ref={confirmText} tabIndex={-1}>
            {isNew ? messages.storytellerNewLinkConfirm(name) : messages.storytellerStopLinkConfirm(name)}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {messages.cancel}
            </Button>
            <Button color={isNew ? undefined : 'red'} loading={isNew ? newLink.isPending : stopLink.isPending} onClick={() => (isNew ? newLink.mutate() : stopLink.mutate())}>
              {isNew ? messages.storytellerNewLink : messages.storytellerStopLink}
            </Button>
          </Group>
        </Stack>
      );
    }

    const noLink = (
      <Stack gap="sm">
        <Text data-no-link tabIndex={-1}>
          {messages.storytellerNoLink}
        </Text>
        <Group>
          <Button leftSection={<IconRefresh size={18} />} loading={newLink.isPending} onClick={() => newLink.mutate()}>
            {messages.storytellerMakeLink}
          </Button>
        </Group>
      </Stack>
    );
    if (!storyteller.linkActive || stopped) return noLink;
    if (link.isPending) return <Loader size="sm" aria-label={messages.storytellerLinkOf(name)} />;
    if (link.isError) {
      return (
        <Stack gap="xs">
          <Text role="alert">{messages.storytellerLinkLoadFailed}</Text>
          <Group>
            <Button variant="light" onClick={() => void link.refetch()}>
              {messages.tryAgain}
            </Button>
          </Group>
        </Stack>
      );
    }
    // A working link the server can no longer unseal (SESSION_SECRET changed): only a new one can be shown.
    if (link.data === null) {
      return (
        <Stack gap="sm">
          <Text data-no-link tabIndex={-1}>
            {messages.storytellerLinkUnshowable}
          </Text>
          <Group>
            <Button leftSection={<IconRefresh size={18} />} loading={newLink.isPending} onClick={() => newLink.mutate()}>
              {messages.storytellerNewLink}
            </Button>
          </Group>
        </Stack>
      );
    }
    return (
      <Stack gap="sm">
        <StorytellerLinkPanel storytellerId={storyteller.id} name={name} link={link.data.link} />
        <Group gap="sm">
          <Button variant="default" data-asks="new" leftSection={<IconRefresh size={18} />} onClick={() => ask('new')}>
            {messages.storytellerNewLink}
          </Button>
          <Button variant="default" color="red" data-asks="stop" leftSection={<IconLinkOff size={18} />} onClick={() => ask('stop')}>
            {messages.storytellerStopLink}
          </Button>
        </Group>
      </Stack>
    );
  }
}
