import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * The arithmetic of two-factor sign-in (decision 033): RFC 6238 codes through `otpauth`, with
 * the settings every authenticator app reads (SHA-1, 6 digits, 30 seconds).
 */
const ISSUER = 'Build. Learn. Earn. Thrive.';
const PERIOD = 30;
/** A code of the step before or after the current one still counts: phones' clocks drift. */
export const TOTP_WINDOW = 1;

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** 160 random bits, as RFC 4226 recommends, in base32 as the apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an app scans or opens; the label is the admin's email. */
export const otpauthUri = (secret: string, label: string): string => totpOf(secret, label).toString();

/** Looks like an app's code (six digits) rather than a recovery code. */
export const isTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

/** The time step (30-second counter) the code belongs to, within the window around `at`; null when it matches none. */
export function matchStep(secret: string, code: string, at: Date): number | null {
  if (!isTotpCode(code)) return null;
  const timestamp = at.getTime();
  const delta = totpOf(secret).validate({ token: code.replace(/\s/g, ''), timestamp, window: TOTP_WINDOW });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp }) + delta;
}

/** Letters and digits nobody confuses when copying them from paper (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Twelve characters (about 59 bits), shown as xxxx-xxxx-xxxx. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** As typed: any case, with or without dashes and spaces. */
const normalise = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

export const newSalt = () => randomBytes(16).toString('hex');

/**
 * SHA-256 with a salt of the code's own, like the codebase's token hashes: the codes are random
 * (not chosen by a person), so a slow password hash would add little but time at each check.
 */
export const hashRecoveryCode = (code: string, salt: string): string =>
  createHash('sha256')
    .update(`${salt}:${normalise(code)}`)
    .digest('hex');

export function recoveryCodeMatches(code: string, salt: string, codeHash: string): boolean {
  const typed = Buffer.from(hashRecoveryCode(code, salt), 'hex');
  const kept = Buffer.from(codeHash, 'hex');
  return typed.length === kept.length && timingSafeEqual(typed, kept);
}
