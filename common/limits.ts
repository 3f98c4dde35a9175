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
