import type { Db, DbOrTx } from '#server/db/client';
import { transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TProfile, TProfileUpdate } from '#shared/profiles/profiles.schemas';
import type { AccountsService } from '../accounts';
import type { Viewer } from '../accounts';
import type { SkillsService } from '../skills';
import type { UploadsService } from '../uploads';
import { avatarUrl } from '../uploads';
import { presentProfile, type ProfileAccount } from './profiles.presenter';
import { type ProfileChanges, profilesRepo, userSkills } from './profiles.repo';

const notAvailable = () => new AppError('NOT_FOUND', 'This profile is not available.');

export function createProfilesService(deps: {
  db: Db;
  accounts: AccountsService;
  skills: SkillsService;
  uploads: UploadsService;
  now: () => Date;
}) {
  const { db, accounts, skills, uploads, now } = deps;

  async function present(account: ProfileAccount, tx: DbOrTx): Promise<TProfile> {
    const [profile, chosen] = await Promise.all([
      profilesRepo.find(tx, account.id),
      skills.skillsOf(userSkills, account.id, tx),
    ]);
    return presentProfile(account, profile, chosen);
  }

  return {
    /**
     * A member's profile as `viewer` sees it: a 404 when there is no such member or they are
     * hidden or deleted (decision 013), except to themselves and admins. Never a 403: it must
     * not tell a hidden member from one who does not exist.
     */
    async get(username: string, viewer: Viewer): Promise<TProfile> {
      const account = await accounts.shownByUsername(username, viewer);
      if (!account) throw notAvailable();
      const suspension = await accounts.suspensionOf(account.id);
      // Closed to chat: others see no "Message" (decision 057).
      return { ...(await present(account, db)), messageable: !suspension?.restrictions.includes('chat') };
    },

    /** Changes what was sent of the member's own profile, all or nothing; answers the whole profile. */
    async update(user: TUser, input: TProfileUpdate): Promise<TProfile> {
      return transaction(db, async (tx) => {
        const { fullName, timeZone, avatarUploadId, skills: slugs, links, ...rest } = input;
        const display: { fullName?: string; avatarUrl?: string | null; timeZone?: string } = {};
        const changes: ProfileChanges = { ...rest };
        if (fullName !== undefined) display.fullName = fullName;
        if (timeZone !== undefined) display.timeZone = timeZone;
        if (links !== undefined) changes.links = Object.fromEntries(Object.entries(links).filter(([, url]) => url));
        if (avatarUploadId !== undefined) {
          // Locks the upload until the commit, so garbage collection cannot take it meanwhile.
          if (avatarUploadId) await uploads.requireOwned(user.id, [avatarUploadId], 'avatar', 'avatarUploadId', tx);
          changes.avatarUploadId = avatarUploadId;
          display.avatarUrl = avatarUploadId ? avatarUrl(avatarUploadId) : null;
        }
        // The profile row first: it makes two saves of one member take turns, so the second's
        // skills delete sees the first's rows (otherwise both insert them: a primary key error).
        await profilesRepo.upsert(tx, user.id, changes, now());
        if (slugs !== undefined) await skills.setLinks(userSkills, user.id, slugs, tx);
        const account = await accounts.setDisplay(user.id, display, tx);
        return present(account, tx);
      });
    },

    /** Members' own skills, for other areas' matching (talent: a bid's skills that fit the gig). */
    skillsOfMany: (userIds: string[], tx: DbOrTx = db) => skills.linksOf(userSkills, userIds, tx),

    /** Garbage collection's question (decision 011): which of these uploads are avatars in use. */
    uploadsInUse: (ids: string[], tx: DbOrTx = db) => profilesRepo.avatarsAmong(tx, ids),

    /** The member's profile for their data export (issue 11): JSON, as they entered it. */
    async exportProfile(userId: string, tx: DbOrTx = db) {
      const [profile, chosen, proposed] = await Promise.all([
        profilesRepo.find(tx, userId),
        skills.skillsOf(userSkills, userId, tx),
        skills.proposedBy(userId, tx),
      ]);
      return {
        headline: profile?.headline ?? '',
        bio: profile?.bio ?? '',
        location: profile?.location ?? null,
        links: profile?.links ?? {},
        languages: profile?.languages ?? [],
        avatarUploadId: profile?.avatarUploadId ?? null,
        skills: chosen,
        skillsAddedToTheVocabulary: proposed,
        updatedAt: profile?.updatedAt.toISOString() ?? null,
      };
    },

    /**
     * Erases what the member said about themselves (account deletion, issue 11): the profile row,
     * their skills, their picture's link (the upload itself goes with their uploads), and their
     * name on skills they added, which stay in the vocabulary for others.
     */
    async eraseProfile(userId: string, tx: DbOrTx) {
      await profilesRepo.delete(tx, userId);
      await skills.setLinks(userSkills, userId, [], tx);
      await skills.forgetCreator(userId, tx);
      await accounts.setDisplay(userId, { avatarUrl: null }, tx);
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
