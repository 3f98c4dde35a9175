import { Alert, Button, Group, NativeSelect, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { messages } from '../../../../common/messages';
import { reminder as reminderShape, type Reminder, type Storyteller } from '../../../../common/storytellers';
import { api } from '../../api/endpoints';
import { toUserText } from '../../api/errors';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Every zone the browser knows, the chosen one first if it is missing (an older browser's list). */
function zonesWith(chosen: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(chosen) ? zones : [chosen, ...zones];
}

/**
 * DESIGN "E-mail (optional)": the week's question by e-mail, on the weekday and time the family
 * chooses in the storyteller's own zone (the browser's by default). Shown only when the server
 * sends mail and they have an address.
 */
export function ReminderForm({ timelineId, storyteller }: { timelineId: string; storyteller: Storyteller }) {
  const [enabled, setEnabled] = useState(storyteller.reminder !== null && !storyteller.remindersStopped);
  const [values, setValues] = useState<Reminder>(storyteller.reminder ?? { weekday: 0, time: '10:00', tz: browserZone() });
  const [refusal, setRefusal] = useState<string | null>(null);
  const zones = useMemo(() => zonesWith(values.tz), [values.tz]);

  const save = useApiMutation({
    mutationFn: (reminder: Reminder | null) => api.storytellers.update(storyteller.id, { reminder }),
    success: messages.storytellerReminderSaved,
    error: false,
    invalidate: [queryKeys.storytellers(timelineId)],
    onSuccess: () => setRefusal(null),
    onError: (error) => setRefusal(toUserText(error)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!enabled) return save.mutate(null);
    const parsed = reminderShape.safeParse(values);
    if (!parsed.success) return setRefusal(parsed.error.issues[0]?.message ?? messages.storytellerReminderInvalid);
    save.mutate(parsed.data);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {storyteller.remindersStopped && (
          <Alert color="yellow" title={messages.storytellerRemindersStopped}>
            {messages.storytellerRemindersStoppedDetail}
          </Alert>
        )}
        <Switch label={messages.storytellerReminderOn} checked={enabled} onChange={(event) => setEnabled(event.currentTarget.checked)} />
        {enabled && (
          <Group grow align="flex-start" wrap="wrap" gap="sm">
            <NativeSelect
              label={messages.storytellerReminderDay}
              value={String(values.weekday)}
              data={messages.storytellerWeekdays.map((day, index) => ({ value: String(index), label: day }))}
              onChange={(event) => {
                const weekday = Number(event.currentTarget.value);
                setValues((current) => ({ ...current, weekday }));
              }}
              miw="9rem"
            />
            <TextInput
              label={messages.storytellerReminderTime}
              type="time"
              value={values.time}
              onChange={(event) => {
                const time = event.currentTarget.value;
                setValues((current) => ({ ...current, time }));
              }}
              miw="8rem"
            />
            <Select
              label={messages.storytellerReminderZone}
              data={zones}
              value={values.tz}
              searchable
              allowDeselect={false}
              onChange={(tz) => tz && setValues((current) => ({ ...current, tz }))}
              miw="12rem"
            />
          </Group>
        )}
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={save.isPending}>
            {messages.storytellerReminderSave}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
