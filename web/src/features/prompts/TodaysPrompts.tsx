import { ActionIcon, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import { HoverTooltip } from '../../components/HoverTooltip';
import { useFirstPaintDone } from '../../lib/firstPaint';
import { useOpenShellDialog } from '../../components/shellDialogs';
import { captureAboutPrompt } from '../capture';
import { useActiveTimeline } from '../timelines';
import classes from './TodaysPrompts.module.css';

/**
 * accounts §2 Home: "Today's Prompts", two tap-to-reveal cards and a Refresh button. Issue 9:
 * tapping a revealed prompt opens the capture wizard about it.
 */
export function TodaysPrompts() {
  const openDialog = useOpenShellDialog();
  const tell = (prompt: string) => {
    captureAboutPrompt(prompt);
    openDialog('capture');
  };
  const { active } = useActiveTimeline();
  const timelineId = active?.id ?? null;
  const queryClient = useQueryClient();
  const [revealed, setRevealed] = useState({ back: false, forward: false });
  const refreshButton = useRef<HTMLButtonElement>(null);
  const prompts = useQuery({
    queryKey: queryKeys.dailyPrompts(timelineId),
    queryFn: () => api.prompts.daily(timelineId ?? undefined),
    enabled: useFirstPaintDone(),
  });

  const refresh = useApiMutation({
    mutationFn: () => api.prompts.refresh(timelineId ?? undefined),
    success: messages.promptsRefreshed,
    error: (message) => `${messages.promptsRefreshFailed}: ${message}`,
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.dailyPrompts(timelineId), data);
      setRevealed({ back: false, forward: false });
    },
  });

  return (
    <Stack gap="sm" component="section" aria-labelledby="todays-prompts">
      <Group justify="space-between">
        <Title order={2} size="h4" id="todays-prompts">
          {messages.promptsTitle}
        </Title>
        {/* Issue 21 "First load": the tooltip's code arrives after home is drawn (HoverTooltip). */}
        <ActionIcon ref={refreshButton} variant="subtle" aria-label={messages.refresh} onClick={() => refresh.mutate()} loading={refresh.isPending}>
          <IconRefresh size={20} />
        </ActionIcon>
        <HoverTooltip label={messages.refresh} target={refreshButton} />
      </Group>
      {prompts.isPending ? (
        // The shape of the two cards (padding, a label and a line, at the device's text size),
        // so nothing below moves when they arrive.
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" aria-hidden>
          <Skeleton h="calc(5.1rem + 6px)" radius="lg" />
          <Skeleton h="calc(5.1rem + 6px)" radius="lg" />
        </SimpleGrid>
      ) : prompts.error ? (
        <Text c="dimmed" size="sm">
          {messages.promptsLoadFailed}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <PromptCard
            label={messages.promptsLookingBack}
            prompt={prompts.data.lookingBackPrompt}
            revealed={revealed.back}
            onReveal={() => setRevealed((current) => ({ ...current, back: true }))}
            onTell={() => tell(prompts.data.lookingBackPrompt)}
          />
          <PromptCard
            label={messages.promptsLookingForward}
            prompt={prompts.data.lookingForwardPrompt}
            revealed={revealed.forward}
            onReveal={() => setRevealed((current) => ({ ...current, forward: true }))}
            onTell={() => tell(prompts.data.lookingForwardPrompt)}
          />
        </SimpleGrid>
      )}
      {(revealed.back || revealed.forward) && (
        <Text c="dimmed" aria-live="polite">
          {messages.promptWriteAboutThis}
        </Text>
      )}
    </Stack>
  );
}

interface PromptCardProps {
  label: string;
  prompt: string;
  revealed: boolean;
  onReveal: () => void;
  /** The second tap: tell a memory about the revealed prompt. */
  onTell: () => void;
}

function PromptCard({ label, prompt, revealed, onReveal, onTell }: PromptCardProps) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      component="button"
      type="button"
      onClick={revealed ? onTell : onReveal}
      aria-haspopup={revealed ? 'dialog' : undefined}
      aria-expanded={revealed ? undefined : false}
      style={{ textAlign: 'left', cursor: 'pointer' }}
    >
      <Text fw={700} className={classes.label} mb={4}>
        {label}
      </Text>
      {revealed ? <Text>{prompt}</Text> : <Text c="dimmed">{messages.promptsTapToReveal}</Text>}
    </Card>
  );
}
