// Issue 19 "Accounts" on the profile page: "Change password" (current and new, each refusal
// beside its field) and "Sign out other devices". Labels, descriptions and errors are tied to
// their inputs (Mantine's aria-describedby; aria-invalid set here); every control is 44 px (legibility.css).
import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { changePasswordBody } from '../../../../common/auth';
import { PASSWORD_MAX } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import { useChangePassword, useEndOtherSessions, type PasswordField } from './useAccountSecurity';

const emptyForm = { currentPassword: '', newPassword: '' };

export function ChangePasswordCard() {
  const [values, setValues] = useState(emptyForm);
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const change = useChangePassword({
    onChanged: () => setValues(emptyForm),
    onFieldError: (field, message) => setErrors({ [field]: message }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    // The server's own schema, so the form refuses exactly what the server would; the
    // common-password list is the server's alone, and its refusal lands beside the field too.
    const parsed = changePasswordBody.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<PasswordField, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as PasswordField] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    change.mutate(parsed.data);
  }

  const set = (field: PasswordField) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="change-password">
      <Title order={2} size="h4" id="change-password" mb={4}>
        {messages.changePasswordTitle}
      </Title>
      <Text c="dimmed" mb="md">
        {messages.changePasswordHelp}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={messages.currentPasswordLabel}
            autoComplete="current-password"
            required
            value={values.currentPassword}
            onChange={set('currentPassword')}
            error={errors.currentPassword}
            // Mantine marks a PasswordInput's error with data-invalid only; screen readers need aria-invalid.
            aria-invalid={Boolean(errors.currentPassword)}
          />
          <PasswordInput
            label={messages.newPasswordLabel}
            description={messages.authPasswordHelp}
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX}
            value={values.newPassword}
            onChange={set('newPassword')}
            error={errors.newPassword}
            aria-invalid={Boolean(errors.newPassword)}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {messages.changePasswordButton}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export function OtherDevicesCard() {
  const endOthers = useEndOtherSessions();
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="other-devices">
      <Title order={2} size="h4" id="other-devices" mb={4}>
        {messages.otherDevicesTitle}
      </Title>
      <Text c="dimmed" mb="md" id="other-devices-help">
        {messages.otherDevicesHelp}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => endOthers.mutate()} loading={endOthers.isPending} aria-describedby="other-devices-help">
          {messages.otherDevicesButton}
        </Button>
      </Group>
    </Card>
  );
}
