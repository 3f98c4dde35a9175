// issue 9 "First run": an invite link opened by someone signed out is where they create their
// account, and signing in instead is one tap away. Either way they come back to this invite,
// which then joins them (the signed-in landing accepts it).
import { Button, Stack, Text, Title } from '@mantine/core';
import { messages } from '../../../../common/messages';
import { navigation } from '../../api/endpoints';
import { SignupForm, useRegistrationClosed } from '../auth';

interface NewcomerJoinProps {
  inviteId: string;
  /** The landing's own address, where sign-in returns. */
  returnTo: string;
  /** The spec's words for signing in from this landing: "Sign In to Join" or "Log In to Join". */
  signInLabel: string;
}

export function NewcomerJoin({ inviteId, returnTo, signInLabel }: NewcomerJoinProps) {
  const closed = useRegistrationClosed();
  const signIn = navigation.login(returnTo);

  // No new accounts on this server: signing in is the only way, and the main one.
  if (closed) {
    return (
      <Button size="md" fullWidth component="a" href={signIn}>
        {signInLabel}
      </Button>
    );
  }

  return (
    <Stack gap="md" w="100%">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {messages.inviteCreateAccountHeading}
        </Title>
        <Text c="dimmed">{messages.inviteCreateAccountHelp}</Text>
      </Stack>
      <SignupForm inviteId={inviteId} />
      {/* One link, both sentences: what it is for, and the spec's own words for it. */}
      <Button component="a" href={signIn} variant="default" fullWidth h="auto" py="xs">
        <Stack gap={0} align="center">
          <Text fw={700} inherit>
            {messages.inviteHaveAccount}
          </Text>
          <Text size="sm" c="dimmed">
            {signInLabel}
          </Text>
        </Stack>
      </Button>
    </Stack>
  );
}
