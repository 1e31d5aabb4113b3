import { verifyCredential } from 'did-jwt-vc';
import { Resolver, type DIDResolver } from 'did-resolver';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { certifiedLearner } from './testing/credential-fixtures';

/**
 * "A credential downloaded from the app verifies with a stock VC library" (issue 31): over real
 * HTTP, with did-jwt-vc and a did:web resolver written here from the did:web spec (host from the
 * DID, document at /.well-known/did.json; http because the test server is on loopback). Nothing
 * of ours is imported beyond the harness that starts the server and makes the certificate.
 */
const PORT = 38_431;
const APP_URL = `http://localhost:${PORT}`;
let h: Harness;

beforeAll(async () => {
  h = await createHarness({ env: { APP_URL } });
  await h.app.listen({ port: PORT, host: '127.0.0.1' });
});
afterAll(() => h.close());

const didWeb: DIDResolver = async (did, parsed) => {
  const host = decodeURIComponent(parsed.id.split(':')[0]!);
  const res = await fetch(`http://${host}/.well-known/did.json`);
  return {
    didDocument: res.ok ? await res.json() : null,
    didDocumentMetadata: {},
    didResolutionMetadata: res.ok ? { contentType: 'application/did+json' } : { error: 'notFound' },
  };
};

// did-jwt-vc carries its own older did-resolver; the two Resolver types differ only in `@context`'s typing.
const resolver = new Resolver({ web: didWeb }) as unknown as Parameters<typeof verifyCredential>[1];

it('verifies a downloaded credential with did-jwt-vc, resolving the issuer by did:web', async () => {
  const { credentialId } = await certifiedLearner(h);
  const res = await fetch(`${APP_URL}/api/credentials/${credentialId}`, { headers: { accept: 'application/vc+jwt' } });
  expect(res.headers.get('content-type')).toMatch(/^application\/vc\+jwt/);
  const jwt = await res.text();

  // `format: false`: did-jwt-vc checks the VC 1.1 data model (its @context); ours is VC 2.0, as
  // Open Badges 3.0 asks. The signature, the issuer's key and the dates are still checked.
  const verified = await verifyCredential(jwt, resolver, {
    policies: { format: false, now: Math.floor(h.clock.now.getTime() / 1000) },
  });
  expect(verified.issuer).toBe('did:web:localhost%3A38431');
  expect(verified.signer.type).toBe('JsonWebKey2020');
  expect(verified.verifiableCredential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
  expect(verified.verifiableCredential['@context']).toContain('https://www.w3.org/ns/credentials/v2');

  // A signature over anything else fails.
  const [head, body, sig] = jwt.split('.');
  const forged = Buffer.from(body!, 'base64url').toString().replace('Spreadsheets', 'Rocket science');
  await expect(
    verifyCredential(`${head}.${Buffer.from(forged).toString('base64url')}.${sig}`, resolver, {
      policies: { format: false, now: Math.floor(h.clock.now.getTime() / 1000) },
    }),
  ).rejects.toThrow(/signature/i);
});
