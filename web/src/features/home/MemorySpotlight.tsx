import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconEyeOff, IconSparkles, IconArrowsShuffle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useFocusOnSwap } from '../../components/useFocusOnSwap';
import { lazyLoaded } from '../../lib/lazyLoaded';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import { useOpenShellDialog } from '../../components/shellDialogs';
import { loadMemoryCard, useOpenMemory, type Memory } from '../memories';
import { refetchIfCountMoved } from '../notifications';
import { messages } from '../../../../common/messages';

/**
 * Issue 21 "First load": the card (with its voice player, avatars and photos) shows only once
 * the spotlight is revealed, so its code is not among what home's first paint waits for: it is
 * fetched while the browser is idle after home is drawn, or when the person reaches for the
 * reveal, whichever comes first.
 */
const MemoryCard = lazyLoaded(loadMemoryCard);
const fetchMemoryCard = () => void MemoryCard.preload().catch(() => {});

/** How often 'Random Memory' asks again when the server happens to pick the one on show. */
const OTHER_PICK_ATTEMPTS = 4;

/** GET /api/memories/spotlight: one random memory the person may view, or null when none. */
export function useSpotlight() {
  const client = useQueryClient();
  // Issue 20 "Always current": back on home after the unread count moved, it asks again.
  return useQuery({ queryKey: queryKeys.memorySpotlight, queryFn: api.memories.spotlight, refetchOnMount: refetchIfCountMoved(client) });
}

/** A random memory other than the one on show, when the family has another. */
async function pickAnother(currentId: string | null): Promise<Memory | null> {
  let picked = await api.memories.spotlight();
  for (let attempt = 1; attempt < OTHER_PICK_ATTEMPTS && picked && picked.id === currentId; attempt += 1) {
    picked = await api.memories.spotlight();
  }
  return picked;
}

/**
 * memories §2 "Home memory spotlight": tapping reveals one random memory, 'Random Memory'
 * picks another, 'Hide' puts it away; 'No memories yet' with 'Capture a Memory' when none.
 * The server picks, so home never loads every memory to choose one.
 */
export function MemorySpotlight() {
  const openDialog = useOpenShellDialog();
  const openMemory = useOpenMemory();
  const queryClient = useQueryClient();
  const spotlight = useSpotlight();
  const [revealed, setRevealed] = useState(false);
  // Tap to reveal and Hide each leave with their view: the memory shown, or the card to reveal again.
  const shown = useRef<HTMLDivElement>(null);
  const reveal = useRef<HTMLButtonElement>(null);
  useFocusOnSwap(revealed, () => (revealed ? shown.current : reveal.current));
  const current = spotlight.data ?? null;
  const hasMemory = current !== null;
  useEffect(() => {
    if (!hasMemory || !window.requestIdleCallback) return;
    const idle = window.requestIdleCallback(fetchMemoryCard);
    return () => window.cancelIdleCallback(idle);
  }, [hasMemory]);
  const another = useApiMutation<string | null, Memory | null>({
    mutationFn: pickAnother,
    onSuccess: (memory) => queryClient.setQueryData(queryKeys.memorySpotlight, memory),
  });

  return (
    <Stack gap="sm" component="section" aria-labelledby="memory-spotlight">
      <Title order={2} size="h4" id="memory-spotlight">
        {messages.homeSpotlightTitle}
      </Title>
      {spotlight.isPending ? (
        // About the height of the 'Tap to reveal a memory' card that usually follows.
        <Skeleton h="calc(7.5rem + 42px)" radius="lg" aria-hidden />
      ) : spotlight.isError ? (
        <Card withBorder radius="lg" padding="lg">
          <Stack align="center" gap="xs" ta="center">
            <Text fw={600}>{messages.homeSpotlightFailed}</Text>
            <Button variant="light" onClick={() => void spotlight.refetch()}>
              {messages.tryAgain}
            </Button>
          </Stack>
        </Card>
      ) : !current ? (
        <Card withBorder radius="lg" padding="lg">
          <Stack align="center" gap="xs" ta="center">
            <IconSparkles size={28} aria-hidden />
            <Text fw={600}>{messages.noMemoriesYet}</Text>
            <Button onClick={() => openDialog('capture')}>{messages.captureAMemory}</Button>
          </Stack>
        </Card>
      ) : revealed ? (
        <Stack gap="xs" ref={shown} tabIndex={-1} role="group" aria-label={messages.homeSpotlightShown}>
          <Suspense fallback={<Skeleton h="calc(7.5rem + 42px)" radius="lg" aria-hidden />}>
            <MemoryCard memory={current} variant="full" onOpen={(memory) => openMemory(memory.id)} />
          </Suspense>
          <Group justify="flex-end" gap="xs">
            <Button
              variant="light"
              leftSection={<IconArrowsShuffle size={18} />}
              loading={another.isPending}
              onClick={() => another.mutate(current.id)}
            >
              {messages.homeSpotlightRandom}
            </Button>
            <Button variant="subtle" leftSection={<IconEyeOff size={18} />} onClick={() => setRevealed(false)}>
              {messages.homeSpotlightHide}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Card ref={reveal} withBorder radius="lg" padding="lg" component="button" type="button" onPointerDown={fetchMemoryCard} onFocus={fetchMemoryCard} onClick={() => setRevealed(true)} style={{ cursor: 'pointer' }}>
          <Stack align="center" gap={4} ta="center">
            <IconSparkles size={28} aria-hidden />
            <Text fw={600}>{messages.homeSpotlightReveal}</Text>
            <Text c="dimmed">{messages.homeSpotlightRevealDetail}</Text>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
