// The avatar with its upload button (accounts §2 "Profile"), shared with onboarding step 1.
import { FileButton, UnstyledButton } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import type { Ref } from 'react';
import type { PersonName } from '../../../../common/people';
import { UserAvatar } from '../../components/UserAvatar';
import classes from './AvatarPicker.module.css';
import { messages } from '../../../../common/messages';

interface AvatarPickerProps {
  person: PersonName & { profileImageUrl?: string | null };
  /** The chosen file's preview, shown in place of the current picture. */
  previewUrl: string | null;
  onPick: (file: File | null) => void;
  /** Clears the file input, so the same file can be picked again after Cancel. */
  resetRef?: Ref<() => void>;
  size?: number;
  disabled?: boolean;
}

export function AvatarPicker({ person, previewUrl, onPick, resetRef, size = 120, disabled }: AvatarPickerProps) {
  return (
    <div className={classes.wrap}>
      <UserAvatar person={person} src={previewUrl ?? person.profileImageUrl ?? undefined} size={size} radius={size} data-testid="profile-avatar" />
      <FileButton onChange={onPick} accept="image/*" resetRef={resetRef} disabled={disabled}>
        {(props) => (
          <UnstyledButton {...props} className={classes.upload} aria-label={messages.profilePictureChangeLabel} disabled={disabled}>
            <IconCamera size={22} aria-hidden />
          </UnstyledButton>
        )}
      </FileButton>
    </div>
  );
}
