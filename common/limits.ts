// Every number the spec fixes, in one place for the server and the web.

/** accounts §5: display name is required after trimming, at most 50 characters. */
export const DISPLAY_NAME_MAX = 50;

/** DESIGN "Security and durability": passwords are 8 to 128 characters. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** accounts §9: the bell polls the unread count every 30 s and caps its badge at "9+". */
export const UNREAD_POLL_MS = 30_000;
export const BADGE_CAP = 9;

/** accounts §9: default reminder time. */
export const DEFAULT_REMINDER_TIME = '18:00';

/** accounts §9: the mobile width threshold. */
export const MOBILE_WIDTH = 768;

/** DESIGN "Security and durability": 10 failed sign-ins per account and per address in 15 minutes. */
export const SIGN_IN_FAILURE_LIMIT = 10;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60_000;

/** DESIGN "Data model": sessions last 30 days and slide with use. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;

/** DESIGN "AI": a chat model that has not answered in 8 s gives way to the built-in engine. */
export const AI_TIMEOUT_MS = 8_000;

/** DESIGN "AI": the built-in library holds at least 300 prompts of each kind. */
export const PROMPT_LIBRARY_MIN = 300;

/** accounts §3, §5: a timeline name is required after trimming; 100 characters is our ceiling. */
export const TIMELINE_NAME_MAX = 100;
export const TIMELINE_DESCRIPTION_MAX = 500;
export const TIMELINE_ICON_MAX = 50;

/** accounts §5, §9: a profile image must be under 5 MB (5 × 1024 × 1024 bytes or more is refused). */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** accounts §9: the Extras coming-soon toast stays 3 s. */
export const COMING_SOON_TOAST_MS = 3_000;

/** accounts §4 and §9: onboarding screens appear 0.5 s after arrival, 0.3 s after a finished step. */
export const ONBOARDING_DELAY_MS = 500;
export const ONBOARDING_FOLLOW_UP_DELAY_MS = 300;
