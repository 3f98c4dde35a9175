// Issue 19 "Accounts": the password change and "Sign out other devices" (DESIGN "E-mail"),
// through the one mutation hook. A refusal that belongs to a field is shown beside it;
// anything else is a toast.
import type { ChangePasswordBody, EndedSessions } from '../../../../common/auth';
import { messages } from '../../../../common/messages';
import { toUserText } from '../../api/errors';
import { api } from '../../api/endpoints';
import { useApiMutation } from '../../api/useApiMutation';

export type PasswordField = keyof ChangePasswordBody;

/** The field a refusal of the server is about, or null when it is about neither. */
export function passwordFieldOf(message: string): PasswordField | null {
  if (message === messages.currentPasswordWrong || message === messages.currentPasswordRequired) return 'currentPassword';
  const newPasswordRules: string[] = [messages.passwordTooShort, messages.passwordTooLong, messages.passwordTooCommon];
  return newPasswordRules.includes(message) ? 'newPassword' : null;
}

/** The toast's words for ended sessions, or none when there were none. */
const endedText = ({ endedSessions }: EndedSessions) => (endedSessions > 0 ? messages.otherDevicesSignedOut(endedSessions) : undefined);

/** POST /api/auth/password. `onFieldError` gets a refusal that belongs beside a field. */
export function useChangePassword({ onChanged, onFieldError }: { onChanged: () => void; onFieldError: (field: PasswordField, message: string) => void }) {
  return useApiMutation<ChangePasswordBody, EndedSessions>({
    mutationFn: api.auth.changePassword,
    success: (answer) => ({ title: messages.passwordChanged, message: endedText(answer) }),
    error: (message) => (passwordFieldOf(message) ? null : `${messages.passwordChangeFailed}: ${message}`),
    onSuccess: onChanged,
    onError: (error) => {
      const message = toUserText(error);
      const field = passwordFieldOf(message);
      if (field) onFieldError(field, message);
    },
  });
}

/** POST /api/auth/sessions/end-others. */
export function useEndOtherSessions() {
  return useApiMutation<void, EndedSessions>({
    mutationFn: api.auth.endOtherSessions,
    success: ({ endedSessions }) => ({ title: messages.otherDevicesSignedOut(endedSessions) }),
    error: (message) => `${messages.otherDevicesFailed}: ${message}`,
  });
}
