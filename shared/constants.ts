/** Business constants of docs/spec.md §9. One place, read by client and server. */
export const PASSWORD_MIN = 6;
export const USERNAME_MIN = 3;
export const FULL_NAME_MIN = 3;

export const SESSION_MINUTES = 360;
export const SESSION_WARNING_MINUTES = 330;
export const USER_POLL_MS = 5 * 60_000;
export const SESSION_EXTEND_MIN_INTERVAL_MS = 300_000;
export const SESSION_EXTEND_DEBOUNCE_MS = 1_000;

export const QUERY_STALE_MS = 30_000;
export const QUERY_GC_MS = 300_000;
export const RETRY_COUNT = 1;
export const RETRY_DELAY_MS = 1_000;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5_000;

export const SOCKET_RECONNECT_DELAY_MS = 1_000;
export const SOCKET_RECONNECT_ATTEMPTS = 5;

export const CAROUSEL_MS = 4_000;
export const NOTIFICATIONS_PAGE = 20;
export const NOTIFICATIONS_POLL_MS = 30_000;
export const BADGE_MAX = 9;

export const ADMIN_MIN_WIDTH = 1024;
export const ADMIN_REDIRECT_DELAY_MS = 100;

export const MINIMUM_AGE = 16;
export const GUARDIAN_CONSENT_UNDER = 18;
export const REFUND_WINDOW_DAYS = 7;

export const VERIFY_TOKEN_HOURS = 24;
export const RESET_TOKEN_HOURS = 1;

export const THEME_STORAGE_KEY = 'theme';

/**
 * The versions of the terms and the privacy policy in force, as the dates they took effect
 * (decision 019). Moving one asks every member to accept again on their next visit.
 */
export const TERMS_VERSION = '2026-11-21';
export const PRIVACY_VERSION = '2026-11-21';
/** How long a change of email waits for its link, as a verification link does. */
export const EMAIL_CHANGE_HOURS = 24;
