import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { messages } from '../../../../common/messages';
import { AuthCard } from './AuthCard';
import { SignupForm } from './SignupForm';
import { useReturnTo } from './useReturnTo';

/** DESIGN "Signed-out pages": /signup. Once signed in, the signed-in routes send the user to returnTo. */
export function SignupPage() {
  const returnTo = useReturnTo();
  const loginHref = `/login${returnTo === '/' ? '' : `?returnTo=${encodeURIComponent(returnTo)}`}`;

  return (
    <AuthCard title={messages.authCreateYourAccount} subtitle={messages.authSignUpSubtitle}>
      <SignupForm />
      <Stack gap={4} align="center">
        <Text>{messages.authHaveAccount}</Text>
        <Button component={Link} to={loginHref} variant="subtle" fullWidth>
          {messages.authSignInLink}
        </Button>
      </Stack>
    </AuthCard>
  );
}
