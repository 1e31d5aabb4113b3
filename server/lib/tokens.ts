import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. Used for session ids and mail tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are high-entropy, so a plain SHA-256 is enough to keep them useless at rest. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
