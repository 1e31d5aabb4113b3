import type { Db, DbOrTx } from '#server/db/client';
import { transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type {
  TEndorsable,
  TEndorsement,
  TEndorsementInput,
  TLeveledSkill,
  TPassport,
  TPassportSkill,
} from '#shared/passport/passport.schemas';
import type { AccountsService, Viewer } from '../accounts';
import type { MentorshipService } from '../mentorship';
import type { NotificationsService } from '../notifications';
import type { SkillsService } from '../skills';
import { evidenceSentence } from './passport-sentence';
import { evidenceId, presentPassport, titleOf } from './passport.presenter';
import { evidenceOf, passportRepo, typedSkills } from './passport.repo';
import type { PassportLevels } from './passport-levels';

/** A mentor endorses a mentee only after this many sessions held together (issue 31). */
export const SESSIONS_TO_ENDORSE = 3;

const notAvailable = () => new AppError('NOT_FOUND', 'This profile is not available.');

export function createPassportService(deps: {
  db: Db;
  accounts: AccountsService;
  skills: SkillsService;
  mentorship: MentorshipService;
  notifications: NotificationsService;
  levels: PassportLevels;
  now: () => Date;
}) {
  const { db, accounts, skills, mentorship, notifications, levels, now } = deps;

  async function passportOf(userId: string, owner: boolean, tx: DbOrTx = db): Promise<TPassportSkill[]> {
    const [typed, rows, hidden] = await Promise.all([
      typedSkills(tx, userId),
      evidenceOf(tx, userId),
      passportRepo.hiddenOf(tx, userId),
    ]);
    return presentPassport(typed, rows, hidden, owner, now());
  }

  /**
   * Each skill with the level the public sees and its public evidence in words (issue 31 item 3):
   * the sentence "How you match" and the employer's applicant view cite.
   */
  async function publicSummary(userId: string): Promise<TLeveledSkill[]> {
    const [typed, rows, hidden] = await Promise.all([
      typedSkills(db, userId),
      evidenceOf(db, userId),
      passportRepo.hiddenOf(db, userId),
    ]);
    const shown = rows.filter((r) => !hidden.has(evidenceId(r)));
    return presentPassport(typed, shown, new Set(), false, now()).map(({ slug, name, level }) => ({
      slug,
      name,
      level,
      sentence: evidenceSentence(
        name,
        level,
        shown
          .filter((r) => r.slug === slug)
          .map((r) => ({ kind: r.kind, title: titleOf(r), at: r.at, rating: r.rating })),
      ),
    }));
  }

  /** The mentee as the mentor may name them: a 404 when hidden from them, deleted or unknown. */
  async function menteeFor(mentor: TUser, menteeId: string) {
    const person = await accounts.person(menteeId, mentor);
    if (!person || !person.username) throw new AppError('NOT_FOUND', 'This mentee is not available.');
    if (menteeId === mentor.id) throw new AppError('BAD_REQUEST', 'You cannot endorse yourself.');
    return person;
  }

  return {
    /**
     * A member's passport as `viewer` sees it (GET /api/users/{username}/passport): the profile's
     * rule decides who is shown (a 404 for hidden, deleted or unknown, decision 013); only the
     * owner sees the items they hid.
     */
    async get(username: string, viewer: TUser): Promise<TPassport> {
      const account = await accounts.shownByUsername(username, viewer as Viewer);
      if (!account) throw notAvailable();
      return { skills: await passportOf(account.id, account.id === viewer.id) };
    },

    /** Shows or hides one of the member's own evidence items from the public view. */
    async setVisibility(user: TUser, id: string, hidden: boolean): Promise<{ id: string; hidden: boolean }> {
      const rows = await evidenceOf(db, user.id);
      if (!rows.some((r) => evidenceId(r) === id))
        throw new AppError('NOT_FOUND', 'No such evidence on your passport.');
      // The public level follows at once: the directory's filter reads it (decision 079).
      await transaction(db, async (tx) => {
        await passportRepo.setHidden(tx, user.id, id, hidden);
        await levels.recompute([user.id], tx);
      });
      return { id, hidden };
    },

    /** What the mentor may endorse this mentee for, for the form. */
    async endorsable(mentor: TUser, menteeId: string): Promise<TEndorsable> {
      await menteeFor(mentor, menteeId);
      const ground = await mentorship.mentors.endorsingGround(mentor.id, menteeId);
      if (ground.expertise.length === 0) throw new AppError('FORBIDDEN', 'Only mentors can endorse skills.');
      const [refs] = await skills.refsOf([ground.expertise]);
      const endorsed = await passportRepo.endorsedSlugs(db, mentor.id, menteeId);
      return {
        sessionsHeld: ground.sessionsHeld,
        sessionsNeeded: SESSIONS_TO_ENDORSE,
        skills: refs!.map((r) => ({ ...r, endorsed: endorsed.has(r.slug) })),
      };
    },

    /**
     * A mentor's endorsement (POST /api/mentor/endorsements): only a skill of their own expertise,
     * only for a mentee with at least SESSIONS_TO_ENDORSE sessions held with them, once per skill.
     */
    async endorse(mentor: TUser, input: TEndorsementInput): Promise<TEndorsement> {
      const mentee = await menteeFor(mentor, input.menteeId);
      const ground = await mentorship.mentors.endorsingGround(mentor.id, input.menteeId);
      if (ground.expertise.length === 0) throw new AppError('FORBIDDEN', 'Only mentors can endorse skills.');
      if (!ground.expertise.includes(input.skill)) {
        const message = 'You can endorse only skills in your own mentoring expertise.';
        throw new AppError('VALIDATION_FAILED', message, { skill: message });
      }
      if (ground.sessionsHeld < SESSIONS_TO_ENDORSE)
        throw new AppError(
          'FORBIDDEN',
          `You can endorse a mentee after ${SESSIONS_TO_ENDORSE} sessions held together; you have held ${ground.sessionsHeld} with ${mentee.fullName}.`,
        );
      const [skillId] = await skills.resolveSlugs([input.skill], db, 'skill');
      const [ref] = (await skills.refsOf([[input.skill]]))[0]!;
      // The endorsement, the mentee's notice and their stored levels commit together.
      const row = await transaction(db, async (tx) => {
        const made = await passportRepo.endorse(tx, {
          mentorId: mentor.id,
          menteeId: input.menteeId,
          skillId: skillId!,
          text: input.text,
          createdAt: now(),
        });
        if (made)
          await notifications.notify(
            input.menteeId,
            {
              type: 'system_update',
              title: `${mentor.fullName} endorsed your ${ref!.name}`,
              message: `It is on your skills passport: "${made.text}" You can hide it from others there.`.slice(
                0,
                2000,
              ),
              link: '/profile#passport',
            },
            tx,
          );
        if (made) await levels.recompute([input.menteeId], tx);
        return made;
      });
      if (!row) throw new AppError('CONFLICT', `You already endorsed ${mentee.fullName} for ${ref!.name}.`);
      return {
        id: row.id,
        mentorId: row.mentorId,
        menteeId: row.menteeId,
        skill: ref!,
        text: row.text,
        createdAt: row.createdAt.toISOString(),
      };
    },

    /**
     * The skills a member holds at proven or expert with the evidence behind them, as the public
     * sees them (hidden items neither shown nor counted): what the credentials area signs.
     */
    async provenSkills(userId: string, tx: DbOrTx = db): Promise<TPassportSkill[]> {
      return (await passportOf(userId, false, tx)).filter((s) => s.level === 'proven' || s.level === 'expert');
    },

    /** Each member's skills at the level the public sees (the skills area's `skillLevels`). */
    async levelsOf(userIds: string[]): Promise<Map<string, TLeveledSkill[]>> {
      const found = await Promise.all(userIds.map((id) => publicSummary(id)));
      return new Map(userIds.map((id, i) => [id, found[i]!]));
    },

    /** The endorsements given and received, for the member's data export. */
    exportPassport: async (userId: string, tx: DbOrTx = db) => ({
      endorsements: await passportRepo.endorsementsOf(tx, userId),
      hiddenEvidence: [...(await passportRepo.hiddenOf(tx, userId))],
    }),

    /**
     * Account erasure: endorsements given or received go with either account, so the mentees the
     * member had endorsed have their levels recomputed; the member's own stored levels go too.
     */
    async erasePassport(userId: string, tx: DbOrTx): Promise<void> {
      await levels.recompute(await passportRepo.erase(tx, userId), tx);
      await levels.erase(userId, tx);
    },
  };
}

export type PassportService = ReturnType<typeof createPassportService>;
