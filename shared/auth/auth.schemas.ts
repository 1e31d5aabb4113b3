import { z } from 'zod';
import { FULL_NAME_MIN, PASSWORD_MIN, USERNAME_MIN } from '../constants';
import { ZRole } from '../roles';

/**
 * docs/spec.md §5. One schema serves the form (react-hook-form resolver), the fetcher and the
 * route. Upper bounds are ours: they keep a 100 kB string from reaching argon2 or the database.
 */
const username = z
  .string({ error: 'Username must be at least 3 characters' })
  .trim()
  .min(USERNAME_MIN, 'Username must be at least 3 characters')
  .max(32, 'Username must be at most 32 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may use letters, digits, dots, dashes and underscores only');

const password = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(PASSWORD_MIN, 'Password must be at least 6 characters')
  .max(256, 'Password must be at most 256 characters');
/** Registration's password rules, for every form that sets a password. */
export const ZPassword = password;

export const ZEmail = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

/** Login: only the minimum lengths, so a long-standing password is never refused by a new rule. */
export const ZLogin = z.object({
  username: z
    .string({ error: 'Username must be at least 3 characters' })
    .trim()
    .min(USERNAME_MIN, 'Username must be at least 3 characters')
    .max(254, 'Username must be at most 254 characters'),
  password,
});
export type TLogin = z.infer<typeof ZLogin>;

export const ZRegister = z.object({
  username,
  password,
  email: ZEmail,
  fullName: z
    .string({ error: 'Full name must be at least 3 characters' })
    .trim()
    .min(FULL_NAME_MIN, 'Full name must be at least 3 characters')
    .max(120, 'Full name must be at most 120 characters'),
  agreeToTerms: z.literal(true, { error: 'You must agree to the Terms and Conditions and Privacy Policy' }),
  /** The client always sends "general"; the server ignores whatever arrives here. */
  role: ZRole.optional(),
});
export type TRegister = z.infer<typeof ZRegister>;

const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const mismatch = { message: 'Passwords do not match', path: ['confirmPassword'] };

export const ZRegisterForm = ZRegister.extend({
  confirmPassword: z.string().min(PASSWORD_MIN, 'Password must be at least 6 characters'),
  // The checkbox starts unticked, so the form holds a boolean; the literal is enforced on submit.
  agreeToTerms: z.boolean().refine((v) => v, 'You must agree to the Terms and Conditions and Privacy Policy'),
}).refine(passwordsMatch, mismatch);

export const ZRequestReset = z.object({ email: ZEmail });
export type TRequestReset = z.infer<typeof ZRequestReset>;

/**
 * Mail tokens are 32 random bytes in base64url (43 characters). Anything else is a link that a
 * mail app cut short or mangled: that is told apart from a link without any token (the spec's words).
 */
export const MAIL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const RESET_TOKEN_MISSING = 'Reset token is missing.';
export const RESET_LINK_INVALID =
  'This reset link is invalid or has expired. Mail apps sometimes cut long links short: request a new link and open it straight from the email.';
export const VERIFY_TOKEN_MISSING = 'Missing verification token. Please check your email link and try again.';
export const VERIFY_LINK_INVALID =
  'This verification link is invalid or has expired. Mail apps sometimes cut long links short: request a new link below and open it straight from the email.';

export const ZToken = z
  .string({ error: RESET_TOKEN_MISSING })
  .trim()
  .min(1, { error: RESET_TOKEN_MISSING, abort: true })
  .regex(MAIL_TOKEN_PATTERN, RESET_LINK_INVALID);

export const ZResetPassword = z.object({ token: ZToken, password });
export type TResetPassword = z.infer<typeof ZResetPassword>;

export const ZNewPasswordForm = z.object({ password, confirmPassword: password }).refine(passwordsMatch, mismatch);
export type TNewPasswordForm = z.infer<typeof ZNewPasswordForm>;

export const ZAdminLogin = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
});
export type TAdminLogin = z.infer<typeof ZAdminLogin>;

export const ZResendVerification = z.object({ email: ZEmail });
export type TResendVerification = z.infer<typeof ZResendVerification>;

/** Lenient on purpose: a browser follows this link, so a bad token is told on a page, never as JSON. */
export const ZVerifyEmailQuery = z.object({ token: z.string().optional() });

/** What a mailed token is: absent, not a token at all (a link cut short), or well formed. */
export function mailTokenProblem(token: string | null | undefined): 'missing' | 'malformed' | undefined {
  const value = token?.trim();
  if (!value) return 'missing';
  return MAIL_TOKEN_PATTERN.test(value) ? undefined : 'malformed';
}
