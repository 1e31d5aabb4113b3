import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  didDocument,
  didWebOf,
  encodeStatusList,
  openBadgeCredential,
  STATUS_LIST_SIZE,
  statusListCredential,
} from './credential-document';
import type { CredentialRow } from './credentials.repo';

const issuer = { appUrl: 'https://blet.ng', did: 'did:web:blet.ng', kid: 'did:web:blet.ng#abc' };
const row: CredentialRow = {
  id: '6f1c1f8e-8d3b-4a47-9d1f-2d4c7b0e1a22',
  userId: 'u1',
  subjectKey: 'skill:react',
  holderName: 'Adaeze Okafor',
  achievement: {
    id: 'tag:blet.ng,2026:skill/react/proven',
    kind: 'skill',
    name: 'React',
    level: 'proven',
    description: 'React at the proven level.',
    criteria: 'Evidence beyond a claim.',
    alignment: [{ slug: 'react', name: 'React' }],
  },
  evidence: [{ name: 'Gig: shop front', url: 'https://blet.ng/gigs/1', date: '2026-10-01T10:00:00.000Z' }],
  statusIndex: STATUS_LIST_SIZE + 5,
  issuedAt: new Date('2026-11-01T09:00:00Z'),
  validUntil: null,
  revokedAt: null,
  revokedReason: null,
};

const bitSet = (encoded: string, i: number) => {
  const bytes = gunzipSync(Buffer.from(encoded.slice(1), 'base64url'));
  return (bytes[Math.floor(i / 8)]! & (0x80 >> (i % 8))) !== 0;
};

describe('the Open Badges 3.0 credential', () => {
  const vc = openBadgeCredential(row, issuer);

  it('has the VC 2.0 and OB 3.0 contexts, the types, the issuer profile and validFrom', () => {
    expect(vc['@context']).toEqual([
      'https://www.w3.org/ns/credentials/v2',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ]);
    expect(vc.id).toBe(`https://blet.ng/api/credentials/${row.id}`);
    expect(vc.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(vc.name).toBe('React (proven)');
    expect(vc.issuer).toEqual({
      id: 'did:web:blet.ng',
      type: ['Profile'],
      name: 'Build. Learn. Earn. Thrive.',
      url: 'https://blet.ng',
    });
    expect(vc.validFrom).toBe('2026-11-01T09:00:00.000Z');
    expect(vc).not.toHaveProperty('validUntil');
  });

  it('names the holder, the achievement with criteria and the skill alignment, and the evidence', () => {
    expect(vc.credentialSubject.type).toEqual(['AchievementSubject']);
    expect(vc.credentialSubject.identifier).toEqual([
      { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: 'Adaeze Okafor' },
    ]);
    expect(vc.credentialSubject.achievement).toMatchObject({
      type: ['Achievement'],
      achievementType: 'Competency',
      criteria: { narrative: 'Evidence beyond a claim.' },
      alignment: [
        {
          type: ['Alignment'],
          targetName: 'React',
          targetCode: 'react',
          targetUrl: 'https://blet.ng/talent?skill=react',
        },
      ],
    });
    expect(vc.evidence).toEqual([
      { id: 'https://blet.ng/gigs/1', type: ['Evidence'], name: 'Gig: shop front', narrative: 'Dated 2026-10-01.' },
    ]);
  });

  it('points at its bit in the right status list', () => {
    expect(vc.credentialStatus).toEqual({
      id: 'https://blet.ng/api/credentials/status/2#5',
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: '5',
      statusListCredential: 'https://blet.ng/api/credentials/status/2',
    });
  });

  it('carries validUntil when the row has one', () => {
    const until = openBadgeCredential({ ...row, validUntil: new Date('2027-11-01T00:00:00Z') }, issuer);
    expect(until.validUntil).toBe('2027-11-01T00:00:00.000Z');
  });
});

describe('the Bitstring Status List', () => {
  it('sets the leftmost bit first, gzipped and base64url with the multibase u', () => {
    const encoded = encodeStatusList([0, 9, STATUS_LIST_SIZE - 1]);
    expect(encoded.startsWith('u')).toBe(true);
    const bytes = gunzipSync(Buffer.from(encoded.slice(1), 'base64url'));
    expect(bytes.length).toBe(STATUS_LIST_SIZE / 8);
    expect(bytes[0]).toBe(0x80);
    expect(bytes[1]).toBe(0x40);
    expect(bytes[bytes.length - 1]).toBe(0x01);
  });

  it('takes global indexes and sets the bits of its own list only', () => {
    const list = statusListCredential(issuer, 2, [STATUS_LIST_SIZE + 5], new Date('2026-11-02T00:00:00Z'));
    expect(list.type).toEqual(['VerifiableCredential', 'BitstringStatusListCredential']);
    expect(list.credentialSubject).toMatchObject({ type: 'BitstringStatusList', statusPurpose: 'revocation' });
    expect(bitSet(list.credentialSubject.encodedList, 5)).toBe(true);
    expect(bitSet(list.credentialSubject.encodedList, 4)).toBe(false);
  });
});

describe('the issuer identity', () => {
  it('escapes a port in did:web and lists the key for assertions', () => {
    expect(didWebOf('http://localhost:3999')).toBe('did:web:localhost%3A3999');
    const doc = didDocument(issuer, { kty: 'OKP', crv: 'Ed25519', x: 'xyz' });
    expect(doc.verificationMethod[0]).toMatchObject({ id: issuer.kid, type: 'JsonWebKey2020', controller: issuer.did });
    expect(doc.assertionMethod).toEqual([issuer.kid]);
  });
});
