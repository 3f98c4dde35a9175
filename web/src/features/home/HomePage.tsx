import { Card, Stack, Text, Title } from '@mantine/core';
import { displayNameOf } from '../../../../common/people';
import type { User } from '../../../../common/users';
import { comingSoonText } from '../../components/ComingSoon';

/** Home (accounts §2). Its timeline chooser, prompts and spotlight arrive with timelines. */
export function HomePage({ user }: { user: User }) {
  return (
    <Stack gap="md" maw={720} mx="auto">
      <Title order={1} size="h2">
        Welcome, {displayNameOf(user, 'User')}
      </Title>
      <Card withBorder radius="lg" padding="lg">
        <Text fw={600}>Your timelines, daily prompts and memory spotlight</Text>
        <Text c="dimmed" size="sm" mt={4}>
          {comingSoonText}
        </Text>
      </Card>
    </Stack>
  );
}
