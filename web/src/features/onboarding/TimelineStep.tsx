// Profile setup, step 2 of 2 "Create Your First Timeline", or "Create Your Personal Timeline"
// for invited users, who may skip it (accounts §2, §4). An invited user has just joined a
// shared timeline, so for them skipping is the main, filled choice (issue 9 "First run").
import { Alert, Button, Divider, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { TIMELINE_NAME_MAX } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import { toastBlankTimelineName } from '../timelines';
import { useCreateFirstTimeline } from './useCreateFirstTimeline';

interface TimelineStepProps {
  /** Set for invited users: the shared timeline they already belong to, if known by name. */
  invitation: { sharedTimelineName: string | null } | null;
  /** The user tried to skip setup without any timeline (accounts §4: refused, with the reason). */
  skipRefused: boolean;
  onCreated: () => void;
  onBack: () => void;
  onSkip: () => void;
}

export function TimelineStep({ invitation, skipRefused, onCreated, onBack, onSkip }: TimelineStepProps) {
  const [name, setName] = useState('');
  const create = useCreateFirstTimeline({ onCreated });

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      toastBlankTimelineName();
      return;
    }
    create.mutate(trimmed);
  }

  const nameField = (
    <TextInput
      label={messages.setupTimelineName}
      description={messages.setupTimelineNameHelp}
      placeholder={messages.setupTimelineNamePlaceholder}
      value={name}
      onChange={(event) => setName(event.currentTarget.value)}
      maxLength={TIMELINE_NAME_MAX}
      data-autofocus={invitation ? undefined : true}
    />
  );

  if (invitation) {
    return (
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>{messages.setupPersonalIntro(invitation.sharedTimelineName)}</Text>
          <Button type="button" onClick={onSkip} disabled={create.isPending} fullWidth data-autofocus>
            {messages.setupSkipForNow}
          </Button>
          <Divider label={messages.setupPersonalOr} labelPosition="center" />
          {nameField}
          <Button type="submit" variant="default" loading={create.isPending} fullWidth>
            {messages.setupCreatePersonalTimeline}
          </Button>
          <Button variant="subtle" onClick={onBack} disabled={create.isPending} fullWidth>
            {messages.setupBack}
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {skipRefused && (
          <Alert color="yellow" icon={<IconInfoCircle size={18} />} title={messages.setupSkipRefusedTitle} role="status">
            {messages.setupSkipRefused}
          </Alert>
        )}
        <Text>{messages.setupTimelineIntro}</Text>
        {nameField}
        <Button type="submit" loading={create.isPending} fullWidth>
          {messages.setupCreateTimeline}
        </Button>
        <Button variant="default" onClick={onBack} disabled={create.isPending} fullWidth>
          {messages.setupBack}
        </Button>
      </Stack>
    </form>
  );
}
