import { z } from 'zod';
import { MAIL_TOKEN_PATTERN, ZEmail, ZPassword } from '../auth/auth.schemas';

/** Account security (issue 11, decision 019): password, email, sessions, consents. */

const currentPassword = z
  .string({ error: 'Enter your current password' })
  .min(1, 'Enter your current password')
  .max(256, 'Password must be at most 256 characters');

export const ZChangePassword = z.object({ currentPassword, newPassword: ZPassword });
export type TChangePassword = z.infer<typeof ZChangePassword>;

export const ZChangePasswordForm = ZChangePassword.extend({ confirmPassword: z.string() }).refine(
  (v) => v.newPassword === v.confirmPassword,
  { message: 'Passwords do not match', path: ['confirmPassword'] },
);
export type TChangePasswordForm = z.infer<typeof ZChangePasswordForm>;

export const ZChangeEmail = z.object({ newEmail: ZEmail, password: currentPassword });
export type TChangeEmail = z.infer<typeof ZChangeEmail>;

export const EMAIL_LINK_INVALID =
  'This confirmation link is invalid, used or expired. Mail apps sometimes cut long links short: ask for the change again from your profile and open the link straight from the email.';

export const ZConfirmEmail = z.object({
  token: z.string({ error: EMAIL_LINK_INVALID }).trim().regex(MAIL_TOKEN_PATTERN, EMAIL_LINK_INVALID),
});
export type TConfirmEmail = z.infer<typeof ZConfirmEmail>;

export const ZPendingEmail = z.object({
  pending: z.object({ email: z.string(), requestedAt: z.string(), expiresAt: z.string() }).nullable(),
});
export type TPendingEmail = z.infer<typeof ZPendingEmail>;

export const ZSessionView = z.object({
  /** An opaque id for this list and DELETE: never the cookie or anything that can become one. */
  id: z.string(),
  current: z.boolean(),
  userAgent: z.string().nullable(),
  /** "Chrome on Android", from the user agent; null when it says nothing recognisable. */
  device: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type TSessionView = z.infer<typeof ZSessionView>;
export const ZSessionList = z.object({ sessions: z.array(ZSessionView) });
export type TSessionList = z.infer<typeof ZSessionList>;
export const ZSessionId = z.object({ id: z.uuid('Unknown session') });

export const CONSENT_DOCUMENTS = ['terms', 'privacy'] as const;
export type TConsentDocument = (typeof CONSENT_DOCUMENTS)[number];

/** The versions the member read and agreed to; the server takes only the ones in force. */
export const ZAcceptConsents = z.object({ terms: z.string().max(20), privacy: z.string().max(20) });
export type TAcceptConsents = z.infer<typeof ZAcceptConsents>;

export const ZRevokedCount = z.object({ revoked: z.number() });
