// memories §2 "Follow-up-prompt": Yes → questions, No → timeline (ready to save), Back → start.
import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import { messages } from '../../../../common/messages';

export function FollowUpPromptStep({ onYes, onNo, onBack }: { onYes: () => void; onNo: () => void; onBack: () => void }) {
  return (
    <Stack gap="lg" align="center" ta="center" py="md">
      <ThemeIcon size={56} radius="xl" variant="light">
        <IconMessageQuestion size={30} />
      </ThemeIcon>
      <Stack gap={4}>
        <Text fw={700} size="lg">
          {messages.captureFollowUpAsk}
        </Text>
        <Text c="dimmed">{messages.captureFollowUpAskDetail}</Text>
      </Stack>
      <Group justify="space-between" w="100%">
        <Button size="md" variant="default" onClick={onBack}>
          {messages.back}
        </Button>
        <Group gap="sm">
          <Button size="md" variant="light" onClick={onNo}>
            {messages.no}
          </Button>
          <Button size="md" onClick={onYes} data-autofocus>
            {messages.yes}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
