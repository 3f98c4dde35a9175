import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../../common/messages';
import { createStorytellerBody, type CreateStorytellerBody } from '../../../../common/storytellers';

export interface StorytellerDetails {
  displayName: string;
  email: string;
}

/**
 * Their name and, optionally, an e-mail (for the week's question only): adding a storyteller
 * and editing one. The shape's own rules (common/storytellers.ts) refuse a blank name or a
 * malformed address beside the field before anything is sent; a refusal from the server shows
 * above the button, and what was typed stays.
 */
export function StorytellerDetailsForm({
  initial = { displayName: '', email: '' },
  submitLabel,
  pending,
  refusal,
  onSubmit,
  onCancel,
  focusName = false,
}: {
  initial?: StorytellerDetails;
  submitLabel: string;
  pending: boolean;
  refusal: string | null;
  onSubmit: (body: CreateStorytellerBody) => void;
  onCancel?: () => void;
  /** Focus the name as the dialog opens (adding one; managing one starts with their link). */
  focusName?: boolean;
}) {
  const [values, setValues] = useState(initial);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof StorytellerDetails, string>>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createStorytellerBody.safeParse({ displayName: values.displayName, email: values.email.trim() });
    if (!parsed.success) {
      const errors: typeof fieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'email' ? 'email' : 'displayName';
        errors[field] ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    onSubmit(parsed.data);
  }

  const change = (field: keyof StorytellerDetails) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={messages.storytellerNameLabel}
          description={messages.storytellerNameHint}
          value={values.displayName}
          onChange={change('displayName')}
          error={fieldErrors.displayName}
          required
          data-autofocus={focusName || undefined}
        />
        <TextInput
          label={messages.storytellerEmailLabel}
          description={messages.storytellerEmailHint}
          type="email"
          autoComplete="off"
          value={values.email}
          onChange={change('email')}
          error={fieldErrors.email}
        />
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {messages.cancel}
            </Button>
          )}
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
