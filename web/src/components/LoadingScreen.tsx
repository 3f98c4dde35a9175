import { Center, Loader, Stack, Text } from '@mantine/core';
import { messages } from '../../../common/messages';

/** accounts §2: while authentication loads, a spinner with "Loading...". */
export function LoadingScreen() {
  return (
    <Center h="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="lg" />
        <Text c="dimmed">{messages.loading}</Text>
      </Stack>
    </Center>
  );
}
