import { gzipSync } from 'node:zlib';
import type { CredentialRow } from './credentials.repo';

export const ISSUER_NAME = 'Build. Learn. Earn. Thrive.';
export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
/** Bits per status list: the Bitstring Status List's minimum (16 KB), which hides who is revoked among many. */
export const STATUS_LIST_SIZE = 131_072;
/** The lists the status index (a PostgreSQL integer, up to 2^31 - 1) can reach. */
export const MAX_STATUS_LISTS = 2 ** 31 / STATUS_LIST_SIZE;

/** Where the issuer lives: its did:web, its key's id, and the URLs the documents point to. */
export interface IssuerInfo {
  appUrl: string;
  did: string;
  /** The verification method's full id (`did:web:…#<thumbprint>`), also the JWKS `kid`. */
  kid: string;
}

/** did:web names a host (its port escaped as %3A); the document is then at /.well-known/did.json. */
export const didWebOf = (appUrl: string) => `did:web:${new URL(appUrl).host.replace(':', '%3A')}`;

export const credentialUrl = (appUrl: string, id: string) => `${appUrl}/api/credentials/${id}`;
export const statusListUrl = (appUrl: string, list: number) => `${appUrl}/api/credentials/status/${list}`;
export const statusListOf = (index: number) => Math.floor(index / STATUS_LIST_SIZE) + 1;

export function issuerProfile(issuer: IssuerInfo) {
  return { id: issuer.did, type: ['Profile'], name: ISSUER_NAME, url: issuer.appUrl };
}

/**
 * The Open Badges 3.0 credential (an `OpenBadgeCredential` in the VC 2.0 data model) for a row.
 * It is a pure function of the row, so every fetch signs the same statement.
 */
export function openBadgeCredential(row: CredentialRow, issuer: IssuerInfo) {
  const { appUrl } = issuer;
  const a = row.achievement;
  const list = statusListUrl(appUrl, statusListOf(row.statusIndex));
  const bit = row.statusIndex % STATUS_LIST_SIZE;
  return {
    '@context': [VC_CONTEXT, OB_CONTEXT],
    id: credentialUrl(appUrl, row.id),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: a.level ? `${a.name} (${a.level})` : a.name,
    issuer: issuerProfile(issuer),
    validFrom: row.issuedAt.toISOString(),
    ...(row.validUntil ? { validUntil: row.validUntil.toISOString() } : {}),
    credentialSubject: {
      type: ['AchievementSubject'],
      // Open Badges names a holder without an id by an identity object; the name is as others saw it at issue.
      identifier: [{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: row.holderName }],
      achievement: {
        id: a.id,
        type: ['Achievement'],
        achievementType: a.kind === 'course' ? 'Certificate' : 'Competency',
        name: a.name,
        description: a.description,
        criteria: { narrative: a.criteria },
        alignment: a.alignment.map((s) => ({
          type: ['Alignment'],
          targetName: s.name,
          targetCode: s.slug,
          targetFramework: `${ISSUER_NAME} skills`,
          targetType: 'ceasn:Competency',
          targetUrl: `${appUrl}/talent?skill=${encodeURIComponent(s.slug)}`,
        })),
        ...(a.level ? { tag: [a.level] } : {}),
      },
    },
    evidence: row.evidence.map((e) => ({
      ...(e.url ? { id: e.url } : {}),
      type: ['Evidence'],
      name: e.name,
      ...(e.description ? { description: e.description } : {}),
      ...(e.date ? { narrative: `Dated ${e.date.slice(0, 10)}.` } : {}),
    })),
    credentialStatus: {
      id: `${list}#${bit}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(bit),
      statusListCredential: list,
    },
  };
}

export type OpenBadgeCredential = ReturnType<typeof openBadgeCredential>;

/**
 * A Bitstring Status List's `encodedList`: bit i is bit (7 - i % 8) of byte i / 8 (the first
 * index is the leftmost bit), gzipped, base64url without padding, with multibase's "u" prefix.
 */
export function encodeStatusList(setIndexes: Iterable<number>, size = STATUS_LIST_SIZE): string {
  const bytes = new Uint8Array(size / 8);
  for (const i of setIndexes) bytes[Math.floor(i / 8)]! |= 0x80 >> (i % 8);
  return `u${gzipSync(bytes).toString('base64url')}`;
}

/** The status list itself as a credential (a `BitstringStatusListCredential`). */
export function statusListCredential(issuer: IssuerInfo, list: number, revoked: number[], at: Date) {
  const url = statusListUrl(issuer.appUrl, list);
  const first = (list - 1) * STATUS_LIST_SIZE;
  return {
    '@context': [VC_CONTEXT],
    id: url,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: issuerProfile(issuer),
    validFrom: at.toISOString(),
    credentialSubject: {
      id: `${url}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList: encodeStatusList(revoked.map((i) => i - first)),
    },
  };
}

/** The DID document of the issuer's did:web, with the one Ed25519 key for assertions. */
export function didDocument(issuer: IssuerInfo, publicJwk: Record<string, string>) {
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/jws-2020/v1'],
    id: issuer.did,
    verificationMethod: [{ id: issuer.kid, type: 'JsonWebKey2020', controller: issuer.did, publicKeyJwk: publicJwk }],
    assertionMethod: [issuer.kid],
    authentication: [issuer.kid],
  };
}
