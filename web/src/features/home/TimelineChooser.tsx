import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { useActiveTimeline } from '../timelines/ActiveTimeline';
import { TimelineDot } from '../timelines/TimelineDot';

/** accounts §2 Home: the active timeline; tapping expands a two-column list to pick another. */
export function TimelineChooser() {
  const { timelines, active, setActive, isLoading } = useActiveTimeline();
  const [expanded, { toggle, close }] = useDisclosure(false);

  if (isLoading) return <Skeleton h={84} radius="lg" />;
  if (!active) {
    return (
      <Card withBorder radius="lg" padding="lg">
        <Text fw={600}>No timelines yet</Text>
        <Text c="dimmed">
          Create a timeline to start collecting memories with your family.
        </Text>
      </Card>
    );
  }

  return (
    <Card withBorder radius="lg" padding="lg">
      <UnstyledButton onClick={toggle} aria-expanded={expanded} aria-label={`Active timeline: ${active.name}. Choose another timeline`} w="100%">
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
          <IconChevronDown size={20} style={{ transform: expanded ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }} />
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
            Close
          </Button>
        </Stack>
      )}
    </Card>
  );
}
