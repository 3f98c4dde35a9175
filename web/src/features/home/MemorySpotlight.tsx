import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconEyeOff, IconSparkles, IconArrowsShuffle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useOpenShellDialog } from '../../components/shell/shellDialogs';
import { MemoryCard, useMemories, type Memory } from '../memories';

/** A random memory other than `current` when there is another one. */
function pickRandom(memories: Memory[], current: Memory | null): Memory | null {
  const others = memories.length > 1 && current ? memories.filter((memory) => memory.id !== current.id) : memories;
  return others[Math.floor(Math.random() * others.length)] ?? null;
}

/** accounts §2 and memories §2 "Memory Spotlight": tap to reveal one random memory. */
export function MemorySpotlight() {
  const openDialog = useOpenShellDialog();
  const navigate = useNavigate();
  const { memories: list, isLoading } = useMemories();
  const [shown, setShown] = useState<Memory | null>(null);
  // A memory deleted meanwhile is no longer offered.
  const current = shown && list.some((memory) => memory.id === shown.id) ? shown : null;

  return (
    <Stack gap="sm" component="section" aria-labelledby="memory-spotlight">
      <Title order={2} size="h4" id="memory-spotlight">
        Memory Spotlight
      </Title>
      {isLoading ? (
        <Skeleton h={120} radius="lg" />
      ) : list.length === 0 ? (
        <Card withBorder radius="lg" padding="lg">
          <Stack align="center" gap="xs" ta="center">
            <IconSparkles size={28} />
            <Text fw={600}>No memories yet</Text>
            <Button onClick={() => openDialog('capture')}>Capture a Memory</Button>
          </Stack>
        </Card>
      ) : current ? (
        <Stack gap="xs">
          {/* memories §2: a memoryId query parameter on /timeline opens that memory. */}
          <MemoryCard memory={current} variant="full" onOpen={(memory) => navigate(`/timeline?memoryId=${encodeURIComponent(memory.id)}`)} />
          <Group justify="flex-end" gap="xs">
            <Button variant="light" leftSection={<IconArrowsShuffle size={16} />} onClick={() => setShown(pickRandom(list, current))}>
              Random Memory
            </Button>
            <Button variant="subtle" leftSection={<IconEyeOff size={16} />} onClick={() => setShown(null)}>
              Hide
            </Button>
          </Group>
        </Stack>
      ) : (
        <Card withBorder radius="lg" padding="lg" component="button" type="button" onClick={() => setShown(pickRandom(list, null))} style={{ cursor: 'pointer' }}>
          <Stack align="center" gap={4} ta="center">
            <IconSparkles size={28} />
            <Text fw={600}>Tap to reveal a memory</Text>
            <Text size="sm" c="dimmed">
              One of your {list.length} {list.length === 1 ? 'memory' : 'memories'}, picked at random.
            </Text>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
