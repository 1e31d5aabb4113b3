import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';
import type { Db } from '#server/db/client';
import { credentialsRepo } from './credentials.repo';

export interface SigningKey {
  privateKey: KeyObject;
  publicJwk: Record<string, string>;
  /** The JWK thumbprint (RFC 7638): stable for the key, whichever node computes it. */
  thumbprint: string;
}

function fromSetting(text: string): KeyObject {
  const key = text.startsWith('{')
    ? createPrivateKey({ key: JSON.parse(text) as JWK & { kty: string }, format: 'jwk' })
    : createPrivateKey(text);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('CREDENTIAL_SIGNING_KEY must be an Ed25519 private key');
  return key;
}

async function describe(privateKey: KeyObject): Promise<SigningKey> {
  const { kty, crv, x } = createPublicKey(privateKey).export({ format: 'jwk' });
  const publicJwk = { kty: kty!, crv: crv!, x: x! };
  return { privateKey, publicJwk, thumbprint: await calculateJwkThumbprint(publicJwk) };
}

/**
 * The platform's Ed25519 key (decision 073): CREDENTIAL_SIGNING_KEY when set; otherwise the one
 * row of `credential_keys`, made by the first node that needs it. Racing nodes both insert with
 * ON CONFLICT DO NOTHING and read back, so all of them sign with the winner's key.
 */
export async function loadSigningKey(db: Db, setting: string | undefined): Promise<SigningKey> {
  if (setting) return describe(fromSetting(setting));
  const fresh = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }) as Record<string, string>;
  const stored = await credentialsRepo.keepKey(db, 'platform', fresh);
  return describe(createPrivateKey({ key: stored as unknown as JWK & { kty: string }, format: 'jwk' }));
}
