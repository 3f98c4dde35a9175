// The two profile calls (accounts §7), through the one mutation hook: both put the returned
// user in the current-user cache so the shell and every screen show the change at once.
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '../../../../common/messages';
import type { User } from '../../../../common/users';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { refreshAfterChange } from '../../api/refresh';
import { useApiMutation } from '../../api/useApiMutation';

interface ProfileChange {
  displayName?: string;
  profileImage?: File | null;
}

function profileForm({ displayName, profileImage }: ProfileChange): FormData {
  const form = new FormData();
  if (displayName !== undefined) form.append('displayName', displayName);
  if (profileImage) form.append('profileImage', profileImage);
  return form;
}

function useKeepUser() {
  const queryClient = useQueryClient();
  return (user: User) => {
    // Keep the answer when it is a whole user; otherwise ask the server again.
    if (user && typeof user === 'object' && 'id' in user) queryClient.setQueryData(queryKeys.currentUser, user);
    else void refreshAfterChange(queryClient, { queryKey: queryKeys.currentUser });
  };
}

/** PATCH /api/auth/user/profile. `quiet` leaves out the success toast (onboarding moves on instead). */
export function useUpdateProfile({ quiet = false, onSaved }: { quiet?: boolean; onSaved?: (user: User) => void } = {}) {
  const keepUser = useKeepUser();
  return useApiMutation<ProfileChange, User>({
    mutationFn: (change) => api.users.updateProfile(profileForm(change)),
    success: quiet ? undefined : messages.profileUpdated,
    error: (message) => `${messages.profileUpdateFailed}: ${message}`,
    onSuccess: (user) => {
      keepUser(user);
      onSaved?.(user);
    },
  });
}

/** POST /api/user/profile-image with the file in the field profileImage. */
export function useUploadProfileImage({ onUploaded }: { onUploaded?: () => void } = {}) {
  const keepUser = useKeepUser();
  return useApiMutation<File, User>({
    mutationFn: (file) => {
      const form = new FormData();
      form.append('profileImage', file);
      return api.users.uploadProfileImage(form);
    },
    success: messages.profileImageUpdated,
    error: (message) => `${messages.profileImageUploadFailed}: ${message}`,
    onSuccess: (user) => {
      keepUser(user);
      onUploaded?.();
    },
  });
}
