import { Button, Center, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBulb, IconCamera, IconHistory, IconHeart, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { startHref } from './startHref';

// accounts §2 "Welcome page": the four feature bullets.
const [capture, prompts, communities, flashbacks] = messages.welcomeFeatures;
const features = [
  { icon: IconCamera, text: capture },
  { icon: IconBulb, text: prompts },
  { icon: IconUsersGroup, text: communities },
  { icon: IconHistory, text: flashbacks },
];

export function WelcomePage() {
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  const providers = useQuery({ queryKey: queryKeys.providers, queryFn: api.auth.providers });
  const start = startHref(providers.data, returnTo);
  const signIn = `/login${returnTo === '/' ? '' : `?returnTo=${encodeURIComponent(returnTo)}`}`;

  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="md" radius="lg" p="xl" maw={460} w="100%">
        <Stack gap="lg">
          <Stack gap={6} align="center" ta="center">
            <ThemeIcon size={64} radius="xl" variant="gradient" gradient={{ from: 'violet', to: 'pink' }}>
              <IconHeart size={34} />
            </ThemeIcon>
            <Title order={1}>{messages.appName}</Title>
            <Text c="dimmed" size="lg">
              {messages.tagline}
            </Text>
          </Stack>
          <List spacing="sm" center>
            {features.map(({ icon: Icon, text }) => (
              <List.Item
                key={text}
                icon={
                  <ThemeIcon variant="light" radius="xl" size={30}>
                    <Icon size={18} />
                  </ThemeIcon>
                }
              >
                {text}
              </List.Item>
            ))}
          </List>
          {/* accounts §2 keeps the button's words; where it leads is startHref's. The login
              endpoint is a full navigation (the server may send the browser to SSO). */}
          {start.startsWith('/api/') ? (
            <Button component="a" href={start} size="lg" fullWidth>
              {messages.signInToStart}
            </Button>
          ) : (
            <Button component={Link} to={start} size="lg" fullWidth>
              {messages.signInToStart}
            </Button>
          )}
          <Button component={Link} to={signIn} variant="subtle" size="md" fullWidth>
            {messages.welcomeHaveAccount}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
