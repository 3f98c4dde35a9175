import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useRef } from 'react';
import { IconPlus } from '@tabler/icons-react';
import { DisclosureChevron } from '../../components/DisclosureChevron';
import { messages } from '../../../../common/messages';
import { useOpenShellDialog } from '../../components/shellDialogs';
import { useFocusOnSwap } from '../../components/useFocusOnSwap';
import { TimelineDot, useActiveTimeline } from '../timelines';

/** accounts §2 Home: the active timeline; tapping expands a two-column list to pick another. */
export function TimelineChooser() {
  const { timelines, active, setActive, isLoading } = useActiveTimeline();
  const [expanded, { toggle, close }] = useDisclosure(false);
  const openDialog = useOpenShellDialog();
  // Close and a chosen timeline fold the list away with the button pressed: focus goes back to the toggle.
  const toggleButton = useRef<HTMLButtonElement>(null);
  useFocusOnSwap(expanded, () => toggleButton.current);

  if (isLoading) return <Skeleton h={84} radius="lg" />;
  // issue 9 "First run": no timeline is never a dead end; Manage Timelines creates one.
  if (!active) {
    return (
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm" align="flex-start">
          <Text fw={600}>{messages.homeNoTimelines}</Text>
          <Text c="dimmed">{messages.homeNoTimelinesDetail}</Text>
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => openDialog('timelines')}>
            {messages.homeCreateTimeline}
          </Button>
        </Stack>
      </Card>
    );
  }

  return (
    <Card withBorder radius="lg" padding="lg">
      <UnstyledButton ref={toggleButton} onClick={toggle} aria-expanded={expanded} aria-label={messages.homeActiveTimeline(active.name)} w="100%">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <TimelineDot color={active.color} size={14} />
            <div style={{ minWidth: 0 }}>
              <Text fw={700} size="lg" truncate>
                {active.name}
              </Text>
              {active.description && (
                <Text c="dimmed" lineClamp={2}>
                  {active.description}
                </Text>
              )}
            </div>
          </Group>
          <DisclosureChevron expanded={expanded} />
        </Group>
      </UnstyledButton>
      {expanded && (
        <Stack gap="sm" mt="md">
          <SimpleGrid cols={2} spacing="xs">
            {timelines.map((timeline) => (
              <Button
                key={timeline.id}
                variant={timeline.id === active.id ? 'light' : 'default'}
                justify="flex-start"
                leftSection={<TimelineDot color={timeline.color} />}
                onClick={() => {
                  setActive(timeline.id);
                  close();
                }}
                aria-pressed={timeline.id === active.id}
              >
                <Text truncate>
                  {timeline.name}
                </Text>
              </Button>
            ))}
          </SimpleGrid>
          <Button variant="subtle" onClick={close} style={{ alignSelf: 'flex-end' }}>
            {messages.homeChooserClose}
          </Button>
        </Stack>
      )}
    </Card>
  );
}
