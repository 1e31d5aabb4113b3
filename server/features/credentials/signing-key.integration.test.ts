import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { loadSigningKey } from './signing-key';

/** One key for every node: made once in the database, or given by CREDENTIAL_SIGNING_KEY (decision 073). */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

it('makes the key once: nodes loading it at the same moment all get the one stored, which the JWKS publishes', async () => {
  const db = h.app.database.db;
  const keys = await Promise.all([1, 2, 3, 4].map(() => loadSigningKey(db, undefined)));
  expect(new Set(keys.map((k) => k.thumbprint)).size).toBe(1);
  const jwks = (await h.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
  expect(jwks.keys).toEqual([
    { ...keys[0]!.publicJwk, kid: `did:web:localhost%3A3999#${keys[0]!.thumbprint}`, alg: 'EdDSA', use: 'sig' },
  ]);
});

it('signs with CREDENTIAL_SIGNING_KEY when set, as PKCS8 PEM (with \\n for line breaks) or as a JWK', async () => {
  const key = generateKeyPairSync('ed25519').privateKey;
  const x = (key.export({ format: 'jwk' }) as { x: string }).x;
  const pem = (key.export({ type: 'pkcs8', format: 'pem' }) as string).replace(/\n/g, '\\n');
  for (const setting of [pem, JSON.stringify(key.export({ format: 'jwk' }))]) {
    const other = await createHarness({ env: { CREDENTIAL_SIGNING_KEY: setting } });
    try {
      const jwks = (await other.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
      expect(jwks.keys[0].x).toBe(x);
    } finally {
      await other.close();
    }
  }
});
