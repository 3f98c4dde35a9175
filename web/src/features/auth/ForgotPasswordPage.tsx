import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { emailField } from '../../../../common/auth';
import { messages } from '../../../../common/messages';
import { toUserText } from '../../api/errors';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import { AuthCard } from './AuthCard';

/**
 * /forgot-password (issue 23 "Forgot password?"): with mail set up, one field and the same
 * answer for any address; without, who to ask, since only the operator can make a link.
 */
export function ForgotPasswordPage() {
  const config = useQuery({ queryKey: queryKeys.publicConfig, queryFn: api.config });
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const send = useApiMutation({ mutationFn: api.auth.requestPasswordReset, error: false });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = emailField.safeParse(email);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? messages.emailInvalid);
      return;
    }
    setFieldError(null);
    send.mutate({ email: parsed.data });
  }

  const back = (
    <Button component={Link} to="/login" variant="subtle" fullWidth>
      {messages.backToSignIn}
    </Button>
  );

  if (config.data && !config.data.mail.enabled) {
    return (
      <AuthCard title={messages.forgotPasswordNoMailTitle} subtitle={messages.forgotPasswordTitle}>
        <Text>{messages.passwordResetNoMail}</Text>
        {back}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={messages.forgotPasswordTitle} subtitle={messages.forgotPasswordSubtitle}>
      {send.isSuccess ? (
        <Alert color="green" icon={<IconMailCheck size={18} />} role="status">
          {messages.forgotPasswordSent}
        </Alert>
      ) : (
        <>
          {send.error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {toUserText(send.error)}
            </Alert>
          )}
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <TextInput
                label={messages.authEmail}
                type="email"
                autoComplete="email"
                required
                autoFocus
                value={email}
                error={fieldError}
                onChange={(event) => setEmail(event.currentTarget.value)}
              />
              <Button type="submit" loading={send.isPending} disabled={!email || !config.data} fullWidth>
                {messages.forgotPasswordSubmit}
              </Button>
            </Stack>
          </form>
        </>
      )}
      {back}
    </AuthCard>
  );
}
