import { z } from 'zod';

/** Admins' two-factor sign-in with an authenticator app (decision 033). */

/** How long the code step of a sign-in waits after the password was right. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;
/** Recovery codes made when two-factor is turned on, each one good once. */
export const RECOVERY_CODE_COUNT = 10;

/** POST /api/admin/login's answer when the admin has two-factor on: no session yet. */
export const ZTwoFactorChallenge = z.object({ twoFactorRequired: z.literal(true), challenge: z.string() });
export type TTwoFactorChallenge = z.infer<typeof ZTwoFactorChallenge>;

const code = z
  .string({ error: 'Enter the code from your authenticator app' })
  .trim()
  .min(1, 'Enter the code from your authenticator app')
  .max(32, 'That code is too long');

/** POST /api/admin/login/two-factor: a code from the app or a recovery code. */
export const ZTwoFactorLogin = z.object({
  challenge: z.string().min(1, 'Sign in with your password first').max(100),
  code,
});
export type TTwoFactorLogin = z.infer<typeof ZTwoFactorLogin>;

/** POST /api/admin/two-factor/confirm: the app's current code, proving it holds the secret. */
export const ZTwoFactorCode = z.object({ code });
export type TTwoFactorCode = z.infer<typeof ZTwoFactorCode>;

export const ZTwoFactorStatus = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() });
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** The secret to type into the app, and the otpauth:// URI that carries it with its settings. */
export const ZTwoFactorSetup = z.object({ secret: z.string(), uri: z.string() });
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

/** Shown once, when two-factor is turned on: only their hashes are kept. */
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;
