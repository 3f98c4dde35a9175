// Stands in for screens that later work fills in, so no menu entry is a dead button.
import { Button, Center, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';

export const comingSoonText = 'This part of Heirloom is being built and will arrive in a coming update.';

export function ComingSoonPage({ title }: { title: string }) {
  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconTools size={30} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{comingSoonText}</Text>
      </Stack>
    </Center>
  );
}

export function ComingSoonDialog({ title, opened, onClose }: { title: string | null; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Stack gap="md">
        <Text>{comingSoonText}</Text>
        {/* Issue 9: a dialog puts focus on its main action, here its only one. */}
        <Button onClick={onClose} variant="light" data-autofocus>
          Close
        </Button>
      </Stack>
    </Modal>
  );
}
