import { Alert, Button, Divider, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messages } from '../../../../common/messages';
import type { User } from '../../../../common/users';
import { toUserText } from '../../api/errors';
import { api, navigation } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import { AuthCard } from './AuthCard';
import { useReturnTo } from './useReturnTo';

/** DESIGN "Signed-out pages": /login. Once signed in, the signed-in routes send the user to returnTo. */
export function LoginPage() {
  const returnTo = useReturnTo();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const providers = useQuery({ queryKey: queryKeys.providers, queryFn: api.auth.providers });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  // The refusal shows beside the form, where the user is looking, not as a toast.
  const login = useApiMutation({
    mutationFn: api.auth.login,
    error: false,
    onSuccess: (user: User) => queryClient.setQueryData(queryKeys.currentUser, user),
  });

  const ssoError = params.get('error') === 'sso' ? (params.get('reason') ?? messages.ssoFailed) : null;
  const problem = login.error ? toUserText(login.error) : ssoError;

  function submit(event: FormEvent) {
    event.preventDefault();
    login.mutate({ email, password });
  }

  const signupHref = `/signup${returnTo === '/' ? '' : `?returnTo=${encodeURIComponent(returnTo)}`}`;

  return (
    <AuthCard title={messages.authWelcomeBack} subtitle={messages.authSignInSubtitle}>
      {problem && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {problem}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={messages.authEmail}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            label={messages.authPassword}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Button type="submit" loading={login.isPending} disabled={!email || !password} fullWidth>
            {messages.authSignIn}
          </Button>
          <Button component={Link} to="/forgot-password" variant="subtle" fullWidth>
            {messages.forgotPasswordLink}
          </Button>
        </Stack>
      </form>
      {providers.data?.oidc && (
        <>
          <Divider label={messages.authOr} labelPosition="center" />
          <Button component="a" href={navigation.login(returnTo)} variant="default" fullWidth>
            {messages.authContinueWith(providers.data.oidc.name)}
          </Button>
        </>
      )}
      {providers.data?.registration !== 'closed' && (
        <Stack gap={4} align="center">
          <Text>{messages.authNewHere}</Text>
          <Button component={Link} to={signupHref} variant="subtle" fullWidth>
            {messages.authCreateAnAccount}
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
