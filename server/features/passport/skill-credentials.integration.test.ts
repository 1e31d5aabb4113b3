import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as } from '../courses/testing/course-fixtures';
import { recheckSkillCredentialsJob } from './passport.queue';
import { completedGig, endorse, mentorWithMentee, passportOf } from './testing/passport-fixtures';

/**
 * Open Badges credentials of proven skills (issue 31, item 4): issued on the member's request
 * from what the public sees, and revoked by the daily recheck once that evidence is withdrawn.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const credentialOf = async (id: string) =>
  (await h.app.inject({ method: 'GET', url: `/api/credentials/${id}` })).json() as {
    credentialSubject: { achievement: { name: string } };
    evidence: Array<{ name: string }>;
    revoked?: { reason: string };
  };

describe('POST /api/passport/skills/{slug}/credential', () => {
  it('issues a proven skill once, refuses a skill below proven, and revokes it when its evidence is withdrawn', async () => {
    const { mentor, mentee } = await mentorWithMentee(h, ['css']);
    await completedGig(h, mentee, ['css'], { rating: 4 });
    await endorse(h, mentor, mentee, 'css');

    const first = await as(h, mentee)('POST', '/api/passport/skills/css/credential');
    expect(first.statusCode, first.body).toBe(200);
    const { credentialId, level } = first.json() as { credentialId: string; level: string };
    expect(level).toBe('proven');
    // Asked again: the same credential, not a second one.
    expect((await as(h, mentee)('POST', '/api/passport/skills/css/credential')).json()).toEqual({
      credentialId,
      level,
    });
    const issued = await credentialOf(credentialId);
    expect(issued.credentialSubject.achievement.name).toMatch(/CSS/i);
    expect(issued.evidence.length).toBeGreaterThanOrEqual(2);
    expect(issued.revoked).toBeUndefined();

    // Nothing changed: the recheck keeps it.
    expect(await h.services.skillCredentials.recheck()).toEqual({ revoked: 0, reissued: 0 });

    // The endorsement withdrawn from public view: the skill is no longer proven to others.
    const own = (await passportOf(h, mentee, mentee)).skills.find((s) => s.slug === 'css')!;
    const endorsement = own.evidence.find((e) => e.kind === 'endorsement')!;
    await as(h, mentee)('PUT', `/api/passport/evidence/${endorsement.id}/visibility`, { hidden: true });
    // The daily job, as the worker runs it.
    await h.services.jobs.send(h.app.database.db, recheckSkillCredentialsJob, {});
    expect(await h.jobs.runDue([recheckSkillCredentialsJob])).toBe(1);
    expect((await credentialOf(credentialId)).revoked?.reason).toMatch(/no longer proven/);

    // Below proven now: no new credential.
    const refused = await as(h, mentee)('POST', '/api/passport/skills/css/credential');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/proven or expert/);
  });

  it('answers 409 for a skill only typed, 400 for a malformed slug, 401 signed out', async () => {
    const member = await actor(h);
    expect((await as(h, member)('POST', '/api/passport/skills/figma/credential')).statusCode).toBe(409);
    expect((await as(h, member)('POST', '/api/passport/skills/Not%20a%20slug/credential')).statusCode).toBe(400);
    expect((await as(h, null)('POST', '/api/passport/skills/css/credential')).statusCode).toBe(401);
  });
});
