// memories §2: the timelines a memory is filed on, by name and colour (§3: #6366f1 when none).
import { Badge, Group } from '@mantine/core';
import { messages } from '../../../../../common/messages';
import { useTimelines } from '../../timelines';

const DEFAULT_COLOR = '#6366f1';

export function MemoryTimelines({ timelineIds }: { timelineIds: readonly string[] }) {
  const { timelines } = useTimelines();
  // A viewer sees the names of the timelines they belong to; the others stay unnamed.
  const known = timelines.filter((timeline) => timelineIds.includes(timeline.id));
  if (known.length === 0) return null;
  return (
    <Group gap="xs" aria-label={messages.timelines} role="group">
      {known.map((timeline) => (
        <Badge
          key={timeline.id}
          size="lg"
          fz="md"
          variant="outline"
          color="gray"
          tt="none"
          leftSection={<span aria-hidden style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 5, background: timeline.color || DEFAULT_COLOR }} />}
        >
          {timeline.name}
        </Badge>
      ))}
    </Group>
  );
}
