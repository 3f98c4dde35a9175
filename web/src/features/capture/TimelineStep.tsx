// memories §2 "Timeline": choose the memory's timelines; at least one to continue.
import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { Timeline } from '../../api/types';
import { TimelineDot } from '../timelines/TimelineDot';

interface TimelineStepProps {
  timelines: Timeline[];
  selected: string[];
  onChange: (timelineIds: string[]) => void;
  onBack: () => void;
  onContinue: () => void;
}

export function TimelineStep({ timelines, selected, onChange, onBack, onContinue }: TimelineStepProps) {
  return (
    <Stack gap="md">
      <Text fw={600}>Which timelines should this memory be on?</Text>
      {timelines.length === 0 ? (
        <Text c="dimmed" size="sm">
          You have no timelines yet. Create one in Manage Timelines, then save your memory.
        </Text>
      ) : (
        <Checkbox.Group value={selected} onChange={onChange} label="Timelines" description="Choose at least one">
          <Stack gap="sm" mt="xs">
            {timelines.map((timeline) => (
              <Checkbox
                key={timeline.id}
                value={timeline.id}
                label={
                  <Group gap={8} wrap="nowrap" component="span">
                    <TimelineDot color={timeline.color} />
                    {timeline.name}
                  </Group>
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onContinue} disabled={selected.length === 0}>
          Continue
        </Button>
      </Group>
    </Stack>
  );
}
