import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useOpenShellDialog } from '../../components/shell/shellDialogs';
import { TodaysPrompts } from '../prompts/TodaysPrompts';
import { TimelineChooser } from './TimelineChooser';
import { WelcomeTooltip } from './WelcomeTooltip';

/** Home (accounts §2): timeline chooser, today's prompts, memory spotlight. */
export function HomePage() {
  const openDialog = useOpenShellDialog();
  return (
    <Stack gap="lg" maw={720} mx="auto">
      <WelcomeTooltip />
      <TimelineChooser />
      <TodaysPrompts />
      <Stack gap="sm" component="section" aria-labelledby="memory-spotlight">
        <Title order={2} size="h4" id="memory-spotlight">
          Memory Spotlight
        </Title>
        {/* Memories arrive with capture; until then the spotlight shows its empty state. */}
        <Card withBorder radius="lg" padding="lg">
          <Stack align="center" gap="xs" ta="center">
            <IconSparkles size={28} />
            <Text fw={600}>No memories yet</Text>
            <Button onClick={() => openDialog('capture')}>Capture a Memory</Button>
          </Stack>
        </Card>
      </Stack>
    </Stack>
  );
}
