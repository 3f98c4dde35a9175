import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { passwordResetBody } from '../../../../common/auth';
import { messages } from '../../../../common/messages';
import { toUserText } from '../../api/errors';
import { api } from '../../api/endpoints';
import { useApiMutation } from '../../api/useApiMutation';
import { AuthCard } from './AuthCard';

/**
 * /reset-password/{token} (issue 23): the link from the reset mail, or the one the operator
 * printed. A new password twice; once set, every device is signed out and the person signs in.
 */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<{ password?: string; confirm?: string }>({});
  const reset = useApiMutation({ mutationFn: (password: string) => api.auth.resetPassword(token, { password }), error: false });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = passwordResetBody.safeParse({ password });
    const found = {
      password: parsed.success ? undefined : parsed.error.issues[0]?.message,
      confirm: parsed.success && confirm !== password ? messages.resetPasswordMismatch : undefined,
    };
    setProblems(found);
    if (!found.password && !found.confirm) reset.mutate(password);
  }

  if (reset.isSuccess) {
    return (
      <AuthCard title={messages.resetPasswordTitle} subtitle={messages.resetPasswordSubtitle}>
        <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
          {messages.resetPasswordDone}
        </Alert>
        <Button component={Link} to="/login" fullWidth>
          {messages.authSignIn}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={messages.resetPasswordTitle} subtitle={messages.resetPasswordSubtitle}>
      {reset.error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {toUserText(reset.error)}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={messages.resetPasswordNew}
            autoComplete="new-password"
            required
            autoFocus
            value={password}
            error={problems.password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <PasswordInput
            label={messages.resetPasswordConfirm}
            autoComplete="new-password"
            required
            value={confirm}
            error={problems.confirm}
            onChange={(event) => setConfirm(event.currentTarget.value)}
          />
          <Button type="submit" loading={reset.isPending} disabled={!password || !confirm} fullWidth>
            {messages.resetPasswordSubmit}
          </Button>
        </Stack>
      </form>
      <Button component={Link} to="/forgot-password" variant="subtle" fullWidth>
        {messages.forgotPasswordLink}
      </Button>
    </AuthCard>
  );
}
