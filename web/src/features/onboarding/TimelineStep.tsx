// Profile setup, step 2 of 2 "Create Your First Timeline", or "Create Your Personal Timeline"
// for invited users, who may skip it (accounts §2, §4).
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { TIMELINE_NAME_MAX } from '../../../../common/limits';
import { toastBlankTimelineName } from '../timelines/useCreateTimeline';
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

  const shared = invitation?.sharedTimelineName ? `the shared timeline "${invitation.sharedTimelineName}"` : 'the shared timeline';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {skipRefused && (
          <Alert color="yellow" icon={<IconInfoCircle size={18} />} title="Create a timeline first" role="status">
            Your memories are kept on a timeline, so setup can't be skipped until you have one. You can rename it later.
          </Alert>
        )}
        {invitation ? (
          <Text size="sm">
            You already belong to {shared}, so you can start sharing memories straight away. You can also create a personal
            timeline for memories of your own, or skip this for now.
          </Text>
        ) : (
          <Text size="sm">A timeline is where your memories are kept. Name it after your family, or whoever you will share them with.</Text>
        )}
        <TextInput
          label="Timeline Name"
          description="For example: Our Family, The Smiths, Grandma's Stories, Summer Holidays"
          placeholder="e.g. Our Family"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={TIMELINE_NAME_MAX}
          data-autofocus
        />
        <Button type="submit" loading={create.isPending} fullWidth>
          {invitation ? 'Create My Personal Timeline' : 'Create Timeline'}
        </Button>
        <Group grow>
          <Button variant="default" onClick={onBack} disabled={create.isPending}>
            Back
          </Button>
          {invitation && (
            <Button variant="subtle" onClick={onSkip} disabled={create.isPending}>
              Skip for Now
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
