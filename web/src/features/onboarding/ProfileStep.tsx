// Profile setup, step 1 of 2 "Set Up Your Profile" (accounts §2).
import { Button, Center, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { DISPLAY_NAME_MAX } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import type { User } from '../../../../common/users';
import { toast } from '../../lib/toast';
import { AvatarPicker, useImageChoice, useUpdateProfile } from '../profile';

interface ProfileStepProps {
  user: User;
  onSaved: () => void;
  onSkip: () => void;
}

export function ProfileStep({ user, onSaved, onSkip }: ProfileStepProps) {
  const [displayName, setDisplayName] = useState(user.displayName ?? '');
  const image = useImageChoice();
  const resetInput = useRef<() => void>(null);
  // No toast: moving on to step 2 says it worked.
  const save = useUpdateProfile({ quiet: true, onSaved });

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = displayName.trim();
    if (!trimmed) {
      toast.error(messages.displayNameRequiredDetail, messages.displayNameRequired);
      return;
    }
    save.mutate({ displayName: trimmed, profileImage: image.file });
  }

  const name = displayName.trim() || null;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{messages.setupProfileIntro}</Text>
        <Center>
          <Stack align="center" gap={6}>
            <AvatarPicker
              person={{ ...user, displayName: name }}
              previewUrl={image.previewUrl}
              onPick={(file) => {
                if (!image.choose(file)) resetInput.current?.();
              }}
              resetRef={resetInput}
              size={96}
              disabled={save.isPending}
            />
            <Text size="sm" c="dimmed">
              {image.file ? messages.setupYourNewPicture : messages.setupAddPicture}
            </Text>
          </Stack>
        </Center>
        <TextInput
          label={messages.profileDisplayName}
          description={messages.setupDisplayNameDescription}
          placeholder={messages.setupDisplayNamePlaceholder}
          value={displayName}
          onChange={(event) => setDisplayName(event.currentTarget.value)}
          maxLength={DISPLAY_NAME_MAX}
          autoComplete="nickname"
          data-autofocus
        />
        <Button type="submit" disabled={save.isPending} fullWidth>
          {save.isPending ? messages.setupSettingUp : messages.setupContinueToTimeline}
        </Button>
        <Button variant="subtle" onClick={onSkip} disabled={save.isPending} fullWidth>
          {messages.setupSkipProfile}
        </Button>
      </Stack>
    </form>
  );
}
