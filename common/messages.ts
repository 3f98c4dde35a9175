// User-facing strings. Those quoted from the spec are requirements: tests assert them verbatim.
import { DISPLAY_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './limits.js';

export const messages = {
  // accounts §2
  tagline: "Capture and share your life's precious moments",
  loading: 'Loading...',
  notFoundTitle: '404 Page Not Found',
  notFoundHint: 'Did you forget to add the page to the router?',
  signInToStart: 'Sign In to Get Started',
  loadingMedia: 'Loading media...',
  noMediaUrl: 'Error: No media URL provided',

  // accounts §5
  displayNameRequired: 'Display name required',
  displayNameRequiredDetail: 'Please enter a display name to continue',
  displayNameTooLong: `Display name must be at most ${DISPLAY_NAME_MAX} characters`,

  // accounts §8
  profileUpdated: 'Profile updated',
  profileUpdateFailed: 'Failed to update profile',

  // DESIGN "API" and "Security and durability"
  invalidCredentials: 'Invalid email or password',
  emailInvalid: 'Enter a valid email address',
  emailTaken: 'An account with this email already exists',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  passwordTooCommon: 'This password is too common. Choose one that is harder to guess',
  tooManySignIns: 'Too many failed sign-in attempts. Try again in 15 minutes',
  tooManyRequests: 'Too many requests. Please wait a moment and try again',
  signedOut: 'Please sign in to continue',
  crossOrigin: 'Cross-origin request refused',
  registrationClosed: 'Sign-up is closed on this server',
  registrationNeedsInvite: 'Sign-up on this server needs an invite link',
  ssoFailed: 'Single sign-on failed. Please try again',
  ssoEmailUnverified: 'Your single sign-on account has no verified email address',
  notFound: 'Not found',
  timelineNotFound: 'Timeline not found',
  reminderTimeInvalid: 'Reminder time must look like 18:00',
  bodyNotObject: 'The request must carry its details as a JSON object',
  unexpected: 'Something went wrong on our side. Please try again',
} as const;
