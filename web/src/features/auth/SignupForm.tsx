// The sign-up form: on its own page (/signup) and right on an invite landing, so a newcomer
// who follows an invite link creates the account where they arrived (issue 9 "First run").
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { registerBody } from '../../../../common/auth';
import { messages } from '../../../../common/messages';
import type { User } from '../../../../common/users';
import { toUserText } from '../../api/errors';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import { pendingInviteForSignup } from '../../lib/pendingInvites';

type Field = 'email' | 'password' | 'displayName';

interface SignupFormProps {
  /** The invite this visitor came through (REGISTRATION=invite lets them in with it). */
  inviteId?: string;
}

/** True when this server takes no new accounts (DESIGN "Configuration": REGISTRATION=closed). */
export function useRegistrationClosed(): boolean {
  const providers = useQuery({ queryKey: queryKeys.providers, queryFn: api.auth.providers });
  return providers.data?.registration === 'closed';
}

export function SignupForm({ inviteId }: SignupFormProps) {
  const queryClient = useQueryClient();
  const closed = useRegistrationClosed();
  const [values, setValues] = useState({ email: '', password: '', displayName: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});

  // The refusal shows beside the form, where the user is looking, not as a toast.
  const register = useApiMutation({
    mutationFn: api.auth.register,
    error: false,
    // The app re-renders signed in, where the user was: an invite landing joins its invite.
    onSuccess: (user: User) => queryClient.setQueryData(queryKeys.currentUser, user),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    // The server's own schema, so the form refuses exactly what the server would.
    const parsed = registerBody.safeParse({
      email: values.email,
      password: values.password,
      displayName: values.displayName.trim() ? values.displayName : undefined,
      inviteId: inviteId ?? pendingInviteForSignup(),
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

  return (
    <Stack gap="md" w="100%" ta="left">
      {closed && <Alert color="yellow">{messages.registrationClosed}</Alert>}
      {register.error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {toUserText(register.error)}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={messages.authEmail}
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={set('email')}
            error={fieldErrors.email}
          />
          <PasswordInput
            label={messages.authPassword}
            description={messages.authPasswordHelp}
            autoComplete="new-password"
            required
            value={values.password}
            onChange={set('password')}
            error={fieldErrors.password}
          />
          <TextInput
            label={messages.authDisplayName}
            description={messages.authDisplayNameHelp}
            autoComplete="nickname"
            value={values.displayName}
            onChange={set('displayName')}
            error={fieldErrors.displayName}
          />
          <Button type="submit" loading={register.isPending} disabled={closed} fullWidth>
            {messages.authCreateAccount}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
