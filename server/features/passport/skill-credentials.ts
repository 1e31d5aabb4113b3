import { AppError } from '#server/lib/errors';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TCredentialEvidence } from '#shared/credentials/credentials.schemas';
import { EVIDENCE_LABELS, type TEvidence, type TSkillCredential } from '#shared/passport/passport.schemas';
import type { CredentialsService } from '../credentials';
import type { PassportService } from './passport.service';

const REVOKED_WHY = 'The evidence behind this skill was withdrawn or hidden, so it is no longer proven.';

/**
 * Open Badges credentials for proven and expert skills (issue 31, item 4; decision 071): issued
 * when the member asks, from the evidence the public sees at that moment, and kept in line with
 * it by a daily recheck that revokes a credential whose skill fell below proven (a course
 * refunded, a review withdrawn, an endorsement erased, an item hidden) and re-issues one whose
 * level moved. Erasure and an admin's removal revoke at once in the credentials area itself.
 */
export function createSkillCredentials(deps: {
  passport: PassportService;
  credentials: CredentialsService;
  appUrl: string;
}) {
  const { passport, credentials, appUrl } = deps;
  const asEvidence = (e: TEvidence): TCredentialEvidence => ({
    name: e.title,
    description: e.detail ? `${EVIDENCE_LABELS[e.kind]}: ${e.detail}` : EVIDENCE_LABELS[e.kind],
    url: new URL(e.url, appUrl).toString(),
    date: e.date,
  });
  const issue = (userId: string, skill: Awaited<ReturnType<PassportService['provenSkills']>>[number]) =>
    credentials.issueSkill({
      userId,
      skill: { slug: skill.slug, name: skill.name },
      level: skill.level as 'proven' | 'expert',
      evidence: skill.evidence.map(asEvidence),
    });

  return {
    /** POST /api/passport/skills/{slug}/credential: the member's own proven or expert skill. */
    async issueFor(me: TUser, slug: string): Promise<TSkillCredential> {
      const skill = (await passport.provenSkills(me.id)).find((s) => s.slug === slug);
      if (!skill)
        throw new AppError(
          'CONFLICT',
          'Only a skill at the proven or expert level, from evidence others can see, can have a credential.',
        );
      const row = await issue(me.id, skill);
      return { credentialId: row.id, level: skill.level };
    },

    /** The daily recheck: answers how many credentials it revoked and re-issued. */
    async recheck(): Promise<{ revoked: number; reissued: number }> {
      const live = await credentials.liveSkillCredentials();
      const byUser = new Map<string, typeof live>();
      for (const c of live) byUser.set(c.userId, [...(byUser.get(c.userId) ?? []), c]);
      let [revoked, reissued] = [0, 0];
      for (const [userId, held] of byUser) {
        const proven = new Map((await passport.provenSkills(userId)).map((s) => [s.slug, s]));
        for (const credential of held) {
          const now = proven.get(credential.slug);
          if (!now) {
            await credentials.revokeFor({ userId, subject: { kind: 'skill', slug: credential.slug } }, REVOKED_WHY);
            revoked++;
          } else if (now.level !== credential.level) {
            await issue(userId, now);
            reissued++;
          }
        }
      }
      return { revoked, reissued };
    },
  };
}

export type SkillCredentials = ReturnType<typeof createSkillCredentials>;
