import { SignJWT } from 'jose';
import type { Db, DbOrTx } from '#server/db/client';
import { transaction } from '#server/db/transaction';
import type { Audit } from '#server/lib/audit/audit';
import { AppError } from '#server/lib/errors';
import type { AccountsService } from '#server/features/accounts';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TCredentialAchievement, TCredentialEvidence } from '#shared/credentials/credentials.schemas';
import {
  didDocument,
  didWebOf,
  type IssuerInfo,
  MAX_STATUS_LISTS,
  openBadgeCredential,
  STATUS_LIST_SIZE,
  statusListCredential,
} from './credential-document';
import { canRevokeCredentials } from './credentials.policy';
import { type CredentialRow, credentialsRepo } from './credentials.repo';
import { loadSigningKey, type SigningKey } from './signing-key';

/** What a credential is about, per holder: a course (its certificate) or a skill. */
export type CredentialSubject = { kind: 'course'; courseId: string } | { kind: 'skill'; slug: string };
const subjectKey = (s: CredentialSubject) => (s.kind === 'course' ? `course:${s.courseId}` : `skill:${s.slug}`);

export interface IssueInput {
  userId: string;
  subject: CredentialSubject;
  /** The holder as anyone may see them, copied in (decision 013). */
  holderName: string;
  achievement: TCredentialAchievement;
  evidence: TCredentialEvidence[];
  validUntil?: Date;
}

export interface IssueSkillInput {
  userId: string;
  skill: { slug: string; name: string };
  /** The passport's level; only `proven` and `expert` are worth a credential (issue 31). */
  level: 'proven' | 'expert';
  evidence: TCredentialEvidence[];
}

const notFound = () => new AppError('NOT_FOUND', 'No credential has this id.');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createCredentialsService(deps: {
  db: Db;
  appUrl: string;
  signingKey?: string;
  accounts: AccountsService;
  audit: Audit;
  now: () => Date;
}) {
  const { db, appUrl, accounts, audit, now } = deps;
  const did = didWebOf(appUrl);
  // Loaded on first use and kept: the key row is written once, whichever node comes first.
  let key: Promise<SigningKey> | undefined;
  const signingKey = () =>
    (key ??= loadSigningKey(db, deps.signingKey).catch((e) => ((key = undefined), Promise.reject(e))));
  const issuerInfo = async (): Promise<IssuerInfo> => ({
    appUrl,
    did,
    kid: `${did}#${(await signingKey()).thumbprint}`,
  });

  async function sign(payload: Record<string, unknown>): Promise<string> {
    const [k, issuer] = await Promise.all([signingKey(), issuerInfo()]);
    return new SignJWT(payload).setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid: issuer.kid }).sign(k.privateKey);
  }

  async function byId(id: string): Promise<CredentialRow> {
    const row = UUID.test(id) ? await credentialsRepo.find(db, id) : undefined;
    if (!row) throw notFound();
    return row;
  }

  async function issue(input: IssueInput, tx: DbOrTx = db): Promise<CredentialRow> {
    const key = subjectKey(input.subject);
    const values = {
      userId: input.userId,
      subjectKey: key,
      holderName: input.holderName,
      achievement: input.achievement,
      evidence: input.evidence,
      issuedAt: now(),
      validUntil: input.validUntil ?? null,
    };
    // The partial unique index keeps one live credential per holder and subject however calls race.
    return (await credentialsRepo.insert(tx, values)) ?? (await credentialsRepo.findLive(tx, input.userId, key))!;
  }

  async function revokeFor(
    target: { userId: string; subject?: CredentialSubject },
    reason: string,
    tx: DbOrTx = db,
  ): Promise<CredentialRow[]> {
    return credentialsRepo.revoke(
      tx,
      { userId: target.userId, subjectKey: target.subject && subjectKey(target.subject) },
      now(),
      reason,
    );
  }

  return {
    issue,
    revokeFor,

    /** Live skill credentials: who holds which skill at which level (the passport's recheck). */
    async liveSkillCredentials(): Promise<Array<{ id: string; userId: string; slug: string; level: string }>> {
      return (await credentialsRepo.liveSkills(db)).map((r) => ({
        id: r.id,
        userId: r.userId!,
        slug: r.subjectKey.slice('skill:'.length),
        level: r.achievement.level ?? '',
      }));
    },

    /**
     * The passport's call for a proven or expert skill: idempotent per member and skill. The same
     * level returns the live credential; another level revokes it ("superseded") and issues anew.
     */
    async issueSkill(input: IssueSkillInput, tx: DbOrTx = db): Promise<CredentialRow> {
      const subject: CredentialSubject = { kind: 'skill', slug: input.skill.slug };
      const live = await credentialsRepo.findLive(tx, input.userId, subjectKey(subject));
      if (live?.achievement.level === input.level) return live;
      if (live) await revokeFor({ userId: input.userId, subject }, `Superseded by the ${input.level} level.`, tx);
      const holder = await accounts.person(input.userId, null, tx);
      if (!holder) throw new AppError('NOT_FOUND', 'No member has this id.');
      const { slug, name } = input.skill;
      return issue(
        {
          userId: input.userId,
          subject,
          holderName: holder.fullName,
          achievement: {
            id: `tag:${new URL(appUrl).host},2026:skill/${encodeURIComponent(slug)}/${input.level}`,
            kind: 'skill',
            name,
            level: input.level,
            description: `${name} at the ${input.level} level, backed by evidence the platform holds.`,
            criteria:
              input.level === 'expert'
                ? `Sustained, recent evidence of ${name}: completed work rated highly by others, assessed coursework and endorsements.`
                : `Evidence of ${name} beyond a claim: a passed course assessment, a completed gig, a mentor's endorsement or a hire.`,
            alignment: [{ slug, name }],
          },
          evidence: input.evidence,
        },
        tx,
      );
    },

    /** An admin's removal, with its reason, audited in the same transaction. */
    async revokeByAdmin(admin: TUser, id: string, reason: string): Promise<void> {
      if (!canRevokeCredentials(admin)) throw new AppError('FORBIDDEN', 'Only administrators can revoke credentials.');
      const row = await byId(id);
      if (row.revokedAt) throw new AppError('CONFLICT', 'This credential is already revoked.');
      await transaction(db, async (tx) => {
        const [revoked] = await credentialsRepo.revoke(tx, { id }, now(), `Removed by an administrator: ${reason}`);
        if (!revoked) throw new AppError('CONFLICT', 'This credential is already revoked.');
        await audit.action(
          { adminId: admin.id, action: 'credential.revoked', target: `credential:${id}`, details: { reason }, reason },
          tx,
        );
      });
    },

    /** The live credential of a holder for a subject, if any (the certificate screen's buttons). */
    async liveFor(userId: string, subject: CredentialSubject, tx: DbOrTx = db) {
      return credentialsRepo.findLive(tx, userId, subjectKey(subject));
    },

    /** The credential as JSON; a revoked one also says so, beside what was signed (decision 073). */
    async document(id: string) {
      const row = await byId(id);
      const doc = openBadgeCredential(row, await issuerInfo());
      return row.revokedAt
        ? { ...doc, revoked: { at: row.revokedAt.toISOString(), reason: row.revokedReason ?? 'Revoked.' } }
        : doc;
    },

    /** The VC-JWT: the credential in the `vc` claim with the registered claims Open Badges 3.0 asks for. */
    async jwt(id: string): Promise<string> {
      const row = await byId(id);
      const vc = openBadgeCredential(row, await issuerInfo());
      return sign({
        iss: did,
        jti: vc.id,
        nbf: Math.floor(row.issuedAt.getTime() / 1000),
        ...(row.validUntil ? { exp: Math.floor(row.validUntil.getTime() / 1000) } : {}),
        vc,
      });
    },

    async statusList(list: number, format: 'json' | 'jwt') {
      if (!Number.isInteger(list) || list < 1 || list > MAX_STATUS_LISTS)
        throw new AppError('NOT_FOUND', 'No status list has this number.');
      const first = (list - 1) * STATUS_LIST_SIZE;
      const revoked = await credentialsRepo.revokedBetween(db, first, first + STATUS_LIST_SIZE - 1);
      const vc = statusListCredential(await issuerInfo(), list, revoked, now());
      if (format === 'json') return vc;
      return sign({ iss: did, jti: vc.id, nbf: Math.floor(now().getTime() / 1000), vc });
    },

    async jwks() {
      const [k, issuer] = await Promise.all([signingKey(), issuerInfo()]);
      return { keys: [{ ...k.publicJwk, kid: issuer.kid, alg: 'EdDSA', use: 'sig' }] };
    },

    async didDocument() {
      const [k, issuer] = await Promise.all([signingKey(), issuerInfo()]);
      return didDocument(issuer, k.publicJwk);
    },

    /** Erasure: every credential of the member revoked, then their name taken out of it. */
    async erase(userId: string, tx: DbOrTx): Promise<void> {
      await revokeFor({ userId }, 'The holder closed their account.', tx);
      await credentialsRepo.forgetHolder(tx, userId);
    },

    async export(userId: string, tx: DbOrTx) {
      return (await credentialsRepo.ofUser(tx, userId)).map((r) => ({
        id: r.id,
        achievement: r.achievement.name,
        issuedAt: r.issuedAt,
        revokedAt: r.revokedAt,
      }));
    },
  };
}

export type CredentialsService = ReturnType<typeof createCredentialsService>;
