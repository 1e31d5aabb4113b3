import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '#server/db/transaction';
import { createHarness, type Harness } from '#server/test/harness';
import { withCredentialWithdrawal } from '../courses/assessments/assessments';
import { coursePurchase } from '../courses/learning/course-purchase';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';
import { certifiedLearner, statusBit, type Certified } from './testing/credential-fixtures';

let h: Harness;
let admin: Actor;
beforeAll(async () => {
  h = await createHarness();
  admin = await actor(h, 'admin');
});
afterAll(() => h.close());

const get = (url: string, accept?: string) => h.app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });
const statusOf = async (credentialId: string) => {
  const vc = (await get(`/api/credentials/${credentialId}`)).json();
  const list = (await get(new URL(vc.credentialStatus.statusListCredential).pathname)).json();
  return statusBit(list.credentialSubject.encodedList, Number(vc.credentialStatus.statusListIndex));
};

describe('a course certificate carries an Open Badges 3.0 credential', () => {
  let c: Certified;
  beforeAll(async () => {
    c = await certifiedLearner(h);
  });

  it('is issued with the certificate, once, and served publicly as JSON', async () => {
    expect((await get(`/api/certificates/${c.code}`)).json().credentialId).toBe(c.credentialId);
    const res = await get(`/api/credentials/${c.credentialId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const vc = res.json();
    expect(vc['@context']).toEqual([
      'https://www.w3.org/ns/credentials/v2',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ]);
    expect(vc.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(vc.issuer).toMatchObject({ id: 'did:web:localhost%3A3999', type: ['Profile'], url: h.config.appUrl });
    expect(vc.credentialSubject.type).toEqual(['AchievementSubject']);
    expect(vc.credentialSubject.identifier[0].identityHash).toBe(c.learner.user.fullName);
    expect(vc.credentialSubject.achievement).toMatchObject({
      name: 'Spreadsheets for small business',
      achievementType: 'Certificate',
      criteria: { narrative: expect.any(String) },
      alignment: [
        expect.objectContaining({ type: ['Alignment'], targetName: 'Bookkeeping', targetCode: 'bookkeeping' }),
      ],
    });
    expect(vc.evidence[0]).toMatchObject({ type: ['Evidence'], id: `${h.config.appUrl}/certificates/${c.code}` });
    expect(vc.credentialStatus).toMatchObject({ type: 'BitstringStatusListEntry', statusPurpose: 'revocation' });
    expect(vc.revoked).toBeUndefined();
    expect(await statusOf(c.credentialId)).toBe(false);
  });

  it('is served as a VC-JWT that verifies with the published JWKS', async () => {
    const res = await get(`/api/credentials/${c.credentialId}`, 'application/vc+jwt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/vc\+jwt/);
    const jwks = createLocalJWKSet((await get('/.well-known/jwks.json')).json());
    const { payload, protectedHeader } = await jwtVerify(res.body, jwks, { currentDate: h.clock.now });
    expect(protectedHeader.alg).toBe('EdDSA');
    expect(payload).toMatchObject({
      iss: 'did:web:localhost%3A3999',
      jti: `${h.config.appUrl}/api/credentials/${c.credentialId}`,
    });
    expect(payload.vc).toEqual((await get(`/api/credentials/${c.credentialId}`)).json());
    // The same statement signed again is the same JWT: Ed25519 signatures are deterministic.
    expect((await get(`/api/credentials/${c.credentialId}`, 'application/vc+jwt')).body).toBe(res.body);
  });

  it('answers 404 for a status list no index reaches', async () => {
    expect((await get('/api/credentials/status/16384')).statusCode).toBe(200);
    expect((await get('/api/credentials/status/16385')).json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers 404 with an error for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await get(`/api/credentials/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'No credential has this id.', code: 'NOT_FOUND' });
    }
  });

  it("is revoked by an admin's removal, with a reason, audited, and its status bit set", async () => {
    const mine = await certifiedLearner(h, 'Stock keeping');
    const call = as(h, admin);
    expect((await call('POST', `/api/admin/credentials/${mine.credentialId}/revoke`, { reason: 'x' })).statusCode).toBe(
      400,
    );
    const res = await call('POST', `/api/admin/credentials/${mine.credentialId}/revoke`, {
      reason: 'Copied assignment',
    });
    expect(res.statusCode).toBe(204);
    const vc = (await get(`/api/credentials/${mine.credentialId}`)).json();
    expect(vc.revoked).toEqual({ at: expect.any(String), reason: 'Removed by an administrator: Copied assignment' });
    expect(await statusOf(mine.credentialId)).toBe(true);
    // The others stay clear: one bit per credential.
    expect(await statusOf(c.credentialId)).toBe(false);
    expect((await get(`/api/certificates/${mine.code}`)).json().credentialId).toBeNull();
    const again = await call('POST', `/api/admin/credentials/${mine.credentialId}/revoke`, { reason: 'Twice over' });
    expect(again.statusCode).toBe(409);
    const audit = (await call('GET', '/api/admin/audit?action=credential.revoked')).json();
    expect(JSON.stringify(audit)).toContain('Copied assignment');
  });

  // Today a certificate blocks its course's refund (course-purchase.ts), so no refund reaches
  // this through payments' routes: the course's purchase kind, as courses register it, is called as a refund calls it.
  it('is revoked when the course is refunded (the purchase kind takes the grant back)', async () => {
    const mine = await certifiedLearner(h, 'Pricing');
    const kind = withCredentialWithdrawal(coursePurchase, h.services.certificates);
    await transaction(h.app.database.db, (tx) => kind.revoke(tx, mine.learner.user.id, mine.courseId));
    expect((await get(`/api/credentials/${mine.credentialId}`)).json().revoked.reason).toBe('The course was refunded.');
    expect(await statusOf(mine.credentialId)).toBe(true);
  });

  it('serves the status list as a signed credential too', async () => {
    const res = await get('/api/credentials/status/1', 'application/vc+jwt');
    expect(res.headers['content-type']).toMatch(/^application\/vc\+jwt/);
    const jwks = createLocalJWKSet((await get('/.well-known/jwks.json')).json());
    const { payload } = await jwtVerify(res.body, jwks, { currentDate: h.clock.now });
    expect(payload.vc).toMatchObject({
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      credentialSubject: { type: 'BitstringStatusList', statusPurpose: 'revocation' },
    });
  });
});

describe('skill credentials (the passport calls issueSkill)', () => {
  it('issues once per member and skill, supersedes on a new level, and revokes on request', async () => {
    const member = await actor(h);
    const { credentials } = h.services;
    const skill = { slug: 'react', name: 'React' };
    const evidence = [{ name: 'Gig: Shop front in React', url: 'https://example.com/gigs/1', date: '2026-10-01' }];
    const first = await credentials.issueSkill({ userId: member.user.id, skill, level: 'proven', evidence });
    const again = await credentials.issueSkill({ userId: member.user.id, skill, level: 'proven', evidence });
    expect(again.id).toBe(first.id);
    const vc = (await get(`/api/credentials/${first.id}`)).json();
    expect(vc.credentialSubject.achievement).toMatchObject({
      achievementType: 'Competency',
      alignment: [expect.objectContaining({ targetCode: 'react', targetName: 'React' })],
    });
    expect(vc.evidence).toEqual([
      {
        id: 'https://example.com/gigs/1',
        type: ['Evidence'],
        name: 'Gig: Shop front in React',
        narrative: 'Dated 2026-10-01.',
      },
    ]);

    const expert = await credentials.issueSkill({ userId: member.user.id, skill, level: 'expert', evidence });
    expect(expert.id).not.toBe(first.id);
    expect((await get(`/api/credentials/${first.id}`)).json().revoked.reason).toBe('Superseded by the expert level.');

    const revoked = await credentials.revokeFor(
      { userId: member.user.id, subject: { kind: 'skill', slug: 'react' } },
      'The evidence was withdrawn.',
    );
    expect(revoked.map((r) => r.id)).toEqual([expert.id]);
    expect(await statusOf(expert.id)).toBe(true);
  });

  it('revokes every credential of an erased member and takes their name out', async () => {
    const mine = await certifiedLearner(h, 'Baking');
    await h.services.credentials.issueSkill({
      userId: mine.learner.user.id,
      skill: { slug: 'baking', name: 'Baking' },
      level: 'proven',
      evidence: [],
    });
    await transaction(h.app.database.db, (tx) => h.services.credentials.erase(mine.learner.user.id, tx));
    const vc = (await get(`/api/credentials/${mine.credentialId}`)).json();
    expect(vc.revoked.reason).toBe('The holder closed their account.');
    expect(vc.credentialSubject.identifier[0].identityHash).toBe('Former member');
    expect(await statusOf(mine.credentialId)).toBe(true);
  });
});
