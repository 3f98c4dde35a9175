import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../../common/messages';

/** The frame shared by the sign-in and sign-up forms. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="md" radius="lg" p="xl" maw={420} w="100%">
        <Stack gap="lg">
          <Stack gap={4} ta="center">
            <Anchor component={Link} to="/" fw={700} c="dimmed" underline="never">
              {messages.appName}
            </Anchor>
            <Title order={1} size="h2">
              {title}
            </Title>
            <Text c="dimmed">
              {subtitle}
            </Text>
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
