// memories §2, §5: the timelines of the memory, at least one.
import { Checkbox, Stack } from '@mantine/core';
import { messages } from '../../../../../common/messages';
import { useTimelines } from '../../timelines';

export function TimelineChecklist({ value, onChange, disabled }: { value: string[]; onChange: (ids: string[]) => void; disabled: boolean }) {
  const { timelines } = useTimelines();
  return (
    <Checkbox.Group
      label={messages.timelines}
      value={value}
      onChange={onChange}
      error={value.length === 0 ? messages.memoryTimelineRequired : undefined}
      errorProps={{ fz: 'md' }}
      size="md"
    >
      <Stack gap="xs" mt="xs">
        {timelines.map((timeline) => (
          <Checkbox key={timeline.id} value={timeline.id} label={timeline.name} size="md" disabled={disabled} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
