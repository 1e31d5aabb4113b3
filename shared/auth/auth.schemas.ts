import { z } from 'zod';
import { FULL_NAME_MIN, PASSWORD_MIN, USERNAME_MIN } from '../constants';
import { ZRole } from '../roles';

/**
 * Spec section 5. One schema serves the form (react-hook-form resolver), the fetcher and the
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

export const ZToken = z.string().trim().min(16, 'Reset token is missing.').max(200, 'The link is invalid.');

export const ZResetPassword = z.object({ token: ZToken, password });
export type TResetPassword = z.infer<typeof ZResetPassword>;

export const ZNewPasswordForm = z
  .object({ password, confirmPassword: password })
  .refine(passwordsMatch, mismatch);
export type TNewPasswordForm = z.infer<typeof ZNewPasswordForm>;

export const ZAdminLogin = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
});
export type TAdminLogin = z.infer<typeof ZAdminLogin>;

export const ZResendVerification = z.object({ email: ZEmail });
export type TResendVerification = z.infer<typeof ZResendVerification>;

export const ZVerifyEmailQuery = z.object({ token: z.string().max(200).optional() });
