// accounts §2 "Profile": the avatar with its upload button, "My Information", (issue 9)
// the device's text size, (issue 22) which engine writes the words of recordings, and (issue 19)
// the password change and signing out other devices; (issue 25) Download everything.
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { DISPLAY_NAME_MAX } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import { displayNameOf } from '../../../../common/people';
import type { User } from '../../../../common/users';
import { toast } from '../../lib/toast';
import { ChangePasswordCard, OtherDevicesCard } from './AccountSecurityCards';
import { AvatarPicker } from './AvatarPicker';
import { DownloadEverythingCard } from './DownloadEverythingCard';
import { TextSizeCard } from './TextSizeCard';
import { TranscriptionEngineCard } from './TranscriptionEngineCard';
import { useImageChoice } from './imageChoice';
import { useUpdateProfile, useUploadProfileImage } from './useProfileMutations';

export function ProfilePage({ user }: { user: User }) {
  return (
    <Stack gap="lg" maw={640} mx="auto">
      <Title order={1} size="h2">
        {messages.profileTitle}
      </Title>
      <ProfilePictureCard user={user} />
      <MyInformationCard user={user} />
      <TextSizeCard />
      <TranscriptionEngineCard />
      <DownloadEverythingCard />
      <ChangePasswordCard />
      <OtherDevicesCard />
    </Stack>
  );
}

function ProfilePictureCard({ user }: { user: User }) {
  const image = useImageChoice();
  const resetInput = useRef<() => void>(null);
  const cancel = () => {
    image.clear();
    resetInput.current?.();
  };
  const upload = useUploadProfileImage({ onUploaded: cancel });

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack align="center" gap="sm">
        <AvatarPicker
          person={user}
          previewUrl={image.previewUrl}
          onPick={(file) => {
            if (!image.choose(file)) resetInput.current?.();
          }}
          resetRef={resetInput}
          disabled={upload.isPending}
        />
        <div style={{ textAlign: 'center' }}>
          <Text fw={700} size="lg">
            {displayNameOf(user, messages.unnamedUser)}
          </Text>
          <Text size="sm" c="dimmed">
            {image.file ? messages.profilePicturePreview : messages.profilePictureHint}
          </Text>
        </div>
        {image.file && (
          <Group gap="sm">
            <Button onClick={() => image.file && upload.mutate(image.file)} loading={upload.isPending}>
              {messages.profileUploadImage}
            </Button>
            <Button variant="default" onClick={cancel} disabled={upload.isPending}>
              {messages.cancel}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function MyInformationCard({ user }: { user: User }) {
  const [displayName, setDisplayName] = useState(user.displayName ?? '');
  const save = useUpdateProfile();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = displayName.trim();
    // accounts §5: required after trimming.
    if (!trimmed) {
      toast.error(messages.displayNameRequiredDetail, messages.displayNameRequired);
      return;
    }
    save.mutate({ displayName: trimmed });
  }

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="my-information">
      <Title order={2} size="h4" id="my-information" mb="md">
        {messages.profileMyInformation}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={messages.profileDisplayName}
            description={messages.profileDisplayNameDescription}
            value={displayName}
            onChange={(event) => setDisplayName(event.currentTarget.value)}
            maxLength={DISPLAY_NAME_MAX}
            autoComplete="nickname"
          />
          {/* accounts §5: the e-mail address is read-only here. */}
          <TextInput label={messages.profileEmail} value={user.email} readOnly variant="filled" />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {messages.saveChanges}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
