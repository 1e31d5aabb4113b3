/**
 * Per-address request limits of the auth routes, per app process (README "Rate limits" gives
 * the reasons). They are set for carrier-grade NAT: a whole class, or a whole campus, can reach
 * us from one IPv4 address, so they only stop floods. Guessing is stopped by the per-account
 * and per-email limits, which are tight: failed sign-ins in login-limits.policy.ts (counted in
 * the database), mail requests per address below.
 */
export const ADDRESS_LIMITS = {
  register: { max: 120, minutes: 10 },
  login: { max: 300, minutes: 10 },
  adminLogin: { max: 100, minutes: 10 },
  verifyLink: { max: 300, minutes: 10 },
  resendVerification: { max: 100, minutes: 10 },
  requestReset: { max: 100, minutes: 10 },
  resetPassword: { max: 100, minutes: 10 },
  signInLink: { max: 100, minutes: 10 },
  signInLinkUse: { max: 100, minutes: 10 },
} as const;

/** Mails one address may be sent on request: each one is a mail to a person's inbox. */
export const EMAIL_LIMITS = {
  resendVerification: { max: 5, minutes: 60 },
  requestReset: { max: 5, minutes: 60 },
  /** Per account (its username and email share it), and per name typed for accounts that do not exist. */
  signInLink: { max: 5, minutes: 60 },
} as const;

export type Limit = { max: number; minutes: number };
