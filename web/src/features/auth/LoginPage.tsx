import { Alert, Anchor, Button, Divider, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messages } from '../../../../common/messages';
import { errorMessage } from '../../api/client';
import { api, navigation } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { AuthCard } from './AuthCard';
import { useReturnTo } from './useReturnTo';

export function LoginPage() {
  const returnTo = useReturnTo();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const providers = useQuery({ queryKey: queryKeys.providers, queryFn: api.auth.providers });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const login = useMutation({
    mutationFn: api.auth.login,
    // The app re-renders signed in, and the signed-in routes send the user to returnTo.
    onSuccess: (user) => queryClient.setQueryData(queryKeys.currentUser, user),
  });

  const ssoError = params.get('error') === 'sso' ? (params.get('reason') ?? messages.ssoFailed) : null;
  const problem = login.error ? errorMessage(login.error) : ssoError;

  function submit(event: FormEvent) {
    event.preventDefault();
    login.mutate({ email, password });
  }

  const signupHref = `/signup${returnTo === '/' ? '' : `?returnTo=${encodeURIComponent(returnTo)}`}`;

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to your family's memories">
      {problem && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {problem}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Button type="submit" loading={login.isPending} disabled={!email || !password} fullWidth>
            Sign In
          </Button>
        </Stack>
      </form>
      {providers.data?.oidc && (
        <>
          <Divider label="or" labelPosition="center" />
          <Button component="a" href={navigation.login(returnTo)} variant="default" fullWidth>
            Continue with {providers.data.oidc.name}
          </Button>
        </>
      )}
      {providers.data?.registration !== 'closed' && (
        <Text size="sm" ta="center">
          New to Heirloom?{' '}
          <Anchor component={Link} to={signupHref} underline="always">
            Create an account
          </Anchor>
        </Text>
      )}
    </AuthCard>
  );
}
