import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A reusable Paystack card authorization, sealed (AES-256-GCM) before it leaves the adapter. Its
 * key is derived from the Paystack secret key, the only key that can charge the authorization
 * anyway: a copy of the database alone cannot charge anyone's card, and no new setting is needed.
 * The sealed text is an opaque mandate to the rest of the app.
 */
export interface PaystackAuthorization {
  code: string;
  email: string;
}

const PREFIX = 'psa1';

const keyOf = (secretKey: string) =>
  Buffer.from(hkdfSync('sha256', secretKey, 'blet-paystack-mandate', 'authorization', 32));

export function sealAuthorization(secretKey: string, auth: PaystackAuthorization): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKey), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(auth), 'utf8'), cipher.final()]);
  return [PREFIX, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(
    '.',
  );
}

/** Undefined for a mandate sealed under another secret key (the key was changed) or not ours. */
export function openAuthorization(secretKey: string, sealed: string): PaystackAuthorization | undefined {
  const [prefix, iv, body, tag] = sealed.split('.');
  if (prefix !== PREFIX || !iv || !body || !tag) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKey), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    const auth = JSON.parse(text) as Partial<PaystackAuthorization>;
    return typeof auth.code === 'string' && typeof auth.email === 'string'
      ? { code: auth.code, email: auth.email }
      : undefined;
  } catch {
    return undefined;
  }
}
