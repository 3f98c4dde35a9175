import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ColorPicker } from './ColorPicker';
import { messages } from '../../../../common/messages';

interface TimelineFormProps {
  initial?: { name: string; color: string };
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: { name: string; color: string }) => void;
  onBlankName: () => void;
  onCancel?: () => void;
}

/** Name plus palette colour, for creating and for editing a timeline. */
export function TimelineForm({ initial, submitLabel, pending, onSubmit, onBlankName, onCancel }: TimelineFormProps) {
  const [name, setName] = useState(initial?.name ?? '');
  const [color, setColor] = useState(initial?.color ?? '#3b82f6');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return onBlankName();
    onSubmit({ name: name.trim(), color });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={messages.timelineNameLabel} placeholder={messages.timelineNamePlaceholder} maxLength={100} value={name} onChange={(event) => setName(event.currentTarget.value)} />
        <ColorPicker value={color} onChange={setColor} />
        <Group justify="flex-end" gap="xs">
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
