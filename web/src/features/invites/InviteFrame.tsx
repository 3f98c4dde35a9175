import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The card every invite landing state is drawn in. */
export function InviteFrame({ title, text, children }: { title: string; text?: ReactNode; children?: ReactNode }) {
  return (
    <Center mih="80dvh" p="md">
      <Paper withBorder shadow="md" radius="lg" p="xl" maw={460} w="100%">
        <Stack gap="md" align="center" ta="center">
          <Title order={1} size="h2">
            {title}
          </Title>
          {text && <Text c="dimmed">{text}</Text>}
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
