import { queryOptions, useQuery } from '@tanstack/react-query';
import { VC_JWT_TYPE, type TOpenBadgeCredential } from '#shared/credentials/credentials.schemas';
import { apiGet, apiGetText } from '#client/lib/api-client';
import { credentialPath } from './get-credential';

export type TVerdict =
  { state: 'valid' | 'revoked' | 'expired'; credential: TOpenBadgeCredential } | { state: 'invalid'; credential: null };

/** Whether bit `index` of a Bitstring Status List's encodedList (multibase "u", base64url, gzip) is set. */
export async function statusBitSet(encodedList: string, index: number): Promise<boolean> {
  const b64 = encodedList.slice(1).replace(/-/g, '+').replace(/_/g, '/');
  const zipped = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const stream = new Blob([zipped]).stream().pipeThrough(new DecompressionStream('gzip'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return ((bytes[Math.floor(index / 8)] ?? 0) & (0x80 >> (index % 8))) !== 0;
}

/**
 * Checks a credential the way any verifier would, in the browser: the VC-JWT's Ed25519 signature
 * against the published JWKS, its dates, and its bit in the signed status list. jose is loaded
 * here only, so the verify page's chunk alone carries it.
 */
export async function verifyCredential(id: string, signal?: AbortSignal): Promise<TVerdict> {
  const { createLocalJWKSet, decodeJwt, errors, jwtVerify } = await import('jose');
  const [jwt, jwks] = await Promise.all([
    apiGetText(credentialPath(id), VC_JWT_TYPE, signal),
    apiGet<Parameters<typeof createLocalJWKSet>[0]>('/.well-known/jwks.json', signal),
  ]);
  const keys = createLocalJWKSet(jwks);
  // A few minutes' grace for a clock that runs slow against the server's.
  const options = { algorithms: ['EdDSA'], clockTolerance: 300 };
  let expired = false;
  let vc: TOpenBadgeCredential;
  try {
    vc = (await jwtVerify(jwt, keys, options)).payload.vc as TOpenBadgeCredential;
  } catch (err) {
    // jose checks the signature before the dates: an expired token is a genuine one.
    if (!(err instanceof errors.JWTExpired)) return { state: 'invalid', credential: null };
    expired = true;
    vc = decodeJwt(jwt).vc as TOpenBadgeCredential;
  }
  const status = vc.credentialStatus;
  if (status) {
    const listJwt = await apiGetText(new URL(status.statusListCredential).pathname, VC_JWT_TYPE, signal);
    const list = (await jwtVerify(listJwt, keys, options)).payload.vc as {
      credentialSubject: { encodedList: string };
    };
    if (await statusBitSet(list.credentialSubject.encodedList, Number(status.statusListIndex)))
      return { state: 'revoked', credential: vc };
  }
  return { state: expired ? 'expired' : 'valid', credential: vc };
}

export const verifiedCredentialQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/credentials', id, 'verified'],
    queryFn: ({ signal }) => verifyCredential(id, signal),
  });

export function useVerifiedCredential(id: string) {
  return useQuery(verifiedCredentialQueryOptions(id));
}
