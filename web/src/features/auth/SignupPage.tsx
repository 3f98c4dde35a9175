import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { registerBody } from '../../../../common/auth';
import { PASSWORD_MIN } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import { errorMessage } from '../../api/client';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { AuthCard } from './AuthCard';
import { useReturnTo } from './useReturnTo';

/** An invite the visitor came through (accounts §3 storage flags), for REGISTRATION=invite. */
function pendingInviteId(): string | undefined {
  return (
    sessionStorage.getItem('pendingTimelineInviteId') ??
    localStorage.getItem('pendingTimelineInviteId') ??
    sessionStorage.getItem('pendingInviteId') ??
    undefined
  );
}

type Field = 'email' | 'password' | 'displayName';

export function SignupPage() {
  const returnTo = useReturnTo();
  const queryClient = useQueryClient();
  const providers = useQuery({ queryKey: queryKeys.providers, queryFn: api.auth.providers });
  const [values, setValues] = useState({ email: '', password: '', displayName: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});

  const register = useMutation({
    mutationFn: api.auth.register,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.currentUser, user),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    // The server's own schema, so the form refuses exactly what the server would.
    const parsed = registerBody.safeParse({
      email: values.email,
      password: values.password,
      displayName: values.displayName.trim() ? values.displayName : undefined,
      inviteId: pendingInviteId(),
    });
    if (!parsed.success) {
      const errors: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        errors[field] ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    register.mutate(parsed.data);
  }

  const set = (field: Field) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const loginHref = `/login${returnTo === '/' ? '' : `?returnTo=${encodeURIComponent(returnTo)}`}`;
  const closed = providers.data?.registration === 'closed';

  return (
    <AuthCard title="Create your account" subtitle="Start keeping your family's memories">
      {closed && <Alert color="yellow">{messages.registrationClosed}</Alert>}
      {register.error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(register.error)}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Email" type="email" autoComplete="email" required value={values.email} onChange={set('email')} error={fieldErrors.email} />
          <PasswordInput
            label="Password"
            description={`At least ${PASSWORD_MIN} characters`}
            autoComplete="new-password"
            required
            value={values.password}
            onChange={set('password')}
            error={fieldErrors.password}
          />
          <TextInput
            label="Display name"
            description="How your family will see you (optional)"
            autoComplete="nickname"
            value={values.displayName}
            onChange={set('displayName')}
            error={fieldErrors.displayName}
          />
          <Button type="submit" loading={register.isPending} disabled={closed} fullWidth>
            Create Account
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to={loginHref} underline="always">
          Sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
