// memories §2 "Follow-up-prompt": Yes → questions, No → timeline (ready to save), Back → start.
import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';

export function FollowUpPromptStep({ onYes, onNo, onBack }: { onYes: () => void; onNo: () => void; onBack: () => void }) {
  return (
    <Stack gap="lg" align="center" ta="center" py="md">
      <ThemeIcon size={56} radius="xl" variant="light">
        <IconMessageQuestion size={30} />
      </ThemeIcon>
      <Stack gap={4}>
        <Text fw={700} size="lg">
          Would you like to answer a follow-up question?
        </Text>
        <Text c="dimmed">
          A question about your memory can help you add details you might otherwise forget. Choose No if your memory is
          ready to save.
        </Text>
      </Stack>
      <Group justify="space-between" w="100%">
        <Button size="md" variant="default" onClick={onBack}>
          Back
        </Button>
        <Group gap="sm">
          <Button size="md" variant="light" onClick={onNo}>
            No
          </Button>
          <Button size="md" onClick={onYes} data-autofocus>
            Yes
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
