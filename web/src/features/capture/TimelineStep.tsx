// memories §2 "Timeline": choose the memory's timelines; at least one to continue.
import { Button, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { Timeline } from '../../api/types';
import { TimelineDot, TimelineForm, toastBlankTimelineName, useCreateTimeline } from '../timelines';
import { messages } from '../../../../common/messages';

interface TimelineStepProps {
  timelines: Timeline[];
  selected: string[];
  onChange: (timelineIds: string[]) => void;
  onBack: () => void;
  onContinue: () => void;
}

export function TimelineStep({ timelines, selected, onChange, onBack, onContinue }: TimelineStepProps) {
  // Without a timeline there is nowhere to file the memory: one is made here, so the draft
  // is not given up to go and make it (closing the wizard resets it).
  const create = useCreateTimeline({ onCreated: (timeline) => onChange([timeline.id]) });

  return (
    <Stack gap="md">
      <Text fw={600}>{messages.captureWhichTimelines}</Text>
      {timelines.length === 0 ? (
        <Card withBorder radius="md" padding="md">
          <Text size="sm" c="dimmed" mb="sm">
            {messages.captureNoTimelinesYet}
          </Text>
          <TimelineForm
            submitLabel={messages.createTimeline}
            pending={create.isPending}
            onBlankName={toastBlankTimelineName}
            onSubmit={(values) => create.mutate(values)}
          />
        </Card>
      ) : (
        <Checkbox.Group value={selected} onChange={onChange} label={messages.timelines} description={messages.captureChooseAtLeastOne}>
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
          {messages.back}
        </Button>
        <Button onClick={onContinue} disabled={selected.length === 0}>
          {messages.continue}
        </Button>
      </Group>
    </Stack>
  );
}
