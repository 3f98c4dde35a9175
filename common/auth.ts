// Payloads of the sign-in calls (DESIGN "API": register, login, providers) and of the
// account's own security (DESIGN "E-mail": password change, signing out other devices).
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './limits.js';
import { messages } from './messages.js';
import { displayNameField } from './users.js';

export const emailField = z
  .string({ error: messages.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254, { error: messages.emailInvalid })
  .pipe(z.email({ error: messages.emailInvalid }));

export const newPasswordField = z
  .string({ error: messages.passwordTooShort })
  .min(PASSWORD_MIN, { error: messages.passwordTooShort })
  .max(PASSWORD_MAX, { error: messages.passwordTooLong });

export const registerBody = z.object({
  email: emailField,
  password: newPasswordField,
  displayName: displayNameField.optional(),
  /** With REGISTRATION=invite, the timeline or family invite that lets this person in. */
  inviteId: z.string().max(100).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  email: emailField,
  // No length rules here: a sign-in must never hint at what the password policy is.
  password: z.string({ error: messages.invalidCredentials }).max(1024, { error: messages.invalidCredentials }),
});
export type LoginBody = z.infer<typeof loginBody>;

export const changePasswordBody = z.object({
  // Like a sign-in's password: no length rules, which would hint at an older policy.
  currentPassword: z
    .string({ error: messages.currentPasswordRequired })
    .min(1, { error: messages.currentPasswordRequired })
    .max(1024, { error: messages.currentPasswordWrong }),
  newPassword: newPasswordField,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** DESIGN "E-mail (optional)": "Forgot password?" asks for a link by e-mail. */
export const passwordResetRequestBody = z.object({ email: emailField });
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBody>;

/** The reset link's form: a new password under sign-up's rules. */
export const passwordResetBody = z.object({ password: newPasswordField });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

/** The answer of a password change and of "Sign out other devices". */
export const endedSessions = z.object({
  /** How many sessions of the account, other than the caller's, were ended. */
  endedSessions: z.number().int().min(0),
});
export type EndedSessions = z.infer<typeof endedSessions>;

export const registrationModes = ['open', 'invite', 'closed'] as const;
export type RegistrationMode = (typeof registrationModes)[number];

export const authProviders = z.object({
  password: z.literal(true),
  oidc: z.object({ name: z.string() }).nullable(),
  registration: z.enum(registrationModes),
});
export type AuthProviders = z.infer<typeof authProviders>;

/** Only same-origin paths may be a returnTo target, so a link can never bounce a user off-site. */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string') return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (/[\u0000-\u001f]/.test(value)) return '/';
  return value;
}
