import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { messages } from '../../../common/messages';

/** accounts §2: unknown paths, with the router hint. */
export function NotFoundPage() {
  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={1} size="h2">
          {messages.notFoundTitle}
        </Title>
        <Text c="dimmed">{messages.notFoundHint}</Text>
        <Button component={Link} to="/" variant="light">
          {messages.goHome}
        </Button>
      </Stack>
    </Center>
  );
}
