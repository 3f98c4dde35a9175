import { Button, Center, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBulb, IconCamera, IconHistory, IconHeart, IconUsersGroup } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { messages } from '../../../../common/messages';
import { navigation } from '../../api/endpoints';

// accounts §2 "Welcome page": the four feature bullets.
const features = [
  { icon: IconCamera, text: 'Capture moments with text, photos and audio' },
  { icon: IconBulb, text: 'Daily prompts to help you remember and reflect' },
  { icon: IconUsersGroup, text: 'Private communities for your family and friends' },
  { icon: IconHistory, text: 'Memory flashbacks that bring the past back to you' },
];

export function WelcomePage() {
  const location = useLocation();
  const returnTo = location.pathname + location.search;

  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="md" radius="lg" p="xl" maw={460} w="100%">
        <Stack gap="lg">
          <Stack gap={6} align="center" ta="center">
            <ThemeIcon size={64} radius="xl" variant="gradient" gradient={{ from: 'violet', to: 'pink' }}>
              <IconHeart size={34} />
            </ThemeIcon>
            <Title order={1}>Heirloom</Title>
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
          {/* A full navigation: the server decides between SSO and the sign-in form. */}
          <Button component="a" href={navigation.login(returnTo === '/' ? '/' : returnTo)} size="lg" fullWidth>
            {messages.signInToStart}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
