import type { Db, DbOrTx } from '#server/db/client';
import { transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import { hashPassword } from '#server/lib/passwords';
import { RESTRICTIONS, type TRestriction, type TRole } from '#shared/roles';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { accountsRepo, type AccountRow, type NewUser, type UserRow } from './accounts.repo';
import { accountsPrivacyRepo } from './accounts-privacy.repo';
import { heldRolesRepo } from './held-roles.repo';
import { presentUser, type PresentedSuspension } from './accounts.presenter';
import { isShown, presentPerson, type PersonView, type Viewer } from './person';

export interface SuspendInput {
  reason: string;
  restrictions?: TRestriction[];
  endsAt?: Date | null;
  by?: string | null;
}

export function createAccountsService(db: Db, now: () => Date = () => new Date()) {
  return {
    async present(user: AccountRow, tx: DbOrTx = db): Promise<TUser> {
      return presentUser(user, await accountsRepo.activeSuspension(tx, user.id, now()));
    },

    /** One person as `viewer` may see them (decision 013); undefined when there is no such account. */
    async person(id: string, viewer: Viewer, tx: DbOrTx = db): Promise<PersonView | undefined> {
      const row = await accountsRepo.person(tx, id, now());
      return row && presentPerson(row, viewer);
    },

    /** A user whose suspension in force was read with them (the session lookup's one statement). */
    presentLoaded: (user: AccountRow, suspension: PresentedSuspension | null): TUser => presentUser(user, suspension),

    findById: (id: string, tx: DbOrTx = db) => accountsRepo.findById(tx, id),

    /** Any account, deleted or not, holding this username (the seed's "already there?"). */
    findByUsername: (username: string, tx: DbOrTx = db) => accountsRepo.findByUsername(tx, username),
    /** Accounts that may sign in or be mailed: a deleted account (decision 013) is as if unknown. */
    findLiveByUsername: (username: string, tx: DbOrTx = db) => accountsRepo.findByUsername(tx, username, true),
    findLiveByEmail: (email: string, tx: DbOrTx = db) => accountsRepo.findByEmail(tx, email, true),

    /** Inserts a user; a taken username or email is a 409 naming which, checked again by the unique index. */
    async create(values: NewUser, tx: DbOrTx = db): Promise<UserRow> {
      const holder = await accountsRepo.findByUsername(tx, values.username);
      if (holder?.deletedAt) throw usernameReserved();
      if (holder) throw usernameTaken();
      if (await accountsRepo.findByEmail(tx, values.email)) throw emailTaken();
      try {
        return await accountsRepo.insert(tx, values);
      } catch (err) {
        // Two sign-ups racing past the checks above: the unique index decides.
        const constraint = uniqueViolation(err);
        if (constraint?.includes('username')) throw usernameTaken();
        if (constraint?.includes('email')) throw emailTaken();
        throw err;
      }
    },

    /** Privacy (decision 020): the account's own data, its anonymisation at erasure, and the 90-day username hold's end. */
    exportAccount: (userId: string, tx: DbOrTx = db) => accountsPrivacyRepo.export(tx, userId),
    anonymise: (userId: string, tx: DbOrTx = db) => accountsPrivacyRepo.anonymise(tx, userId, now()),
    releaseUsernames: (before: Date, tx: DbOrTx = db) => accountsPrivacyRepo.releaseUsernames(tx, before),

    /**
     * Adds a role to those the member holds, primary when asked; the caller has checked that the
     * member may take it (roles.policy.ts; mentor approval and first subscription for theirs).
     */
    async grantRole(id: string, role: TRole, primary: boolean, tx: DbOrTx = db): Promise<UserRow> {
      const row = await heldRolesRepo.grant(tx, id, role, primary);
      if (!row) throw new AppError('NOT_FOUND', 'User not found.');
      return row;
    },
    /** Replaces every held role at once (the admin console; never admin, checked by the caller). */
    setRoles: (id: string, roles: TRole[], tx: DbOrTx = db) => heldRolesRepo.replace(tx, id, roles),
    /** Makes a held role the primary one; undefined when the member does not hold it. */
    setPrimaryRole: (id: string, role: TRole, tx: DbOrTx = db) => heldRolesRepo.setPrimary(tx, id, role),

    /** When the member's last realtime connection closed; null if never (realtime's presence). */
    lastSeen: (id: string, tx: DbOrTx = db) => accountsRepo.lastSeen(tx, id),
    setLastSeen: (id: string, at: Date, tx: DbOrTx = db) => accountsRepo.setLastSeen(tx, id, at),

    markEmailVerified: (id: string, tx: DbOrTx = db) => accountsRepo.update(tx, id, { emailVerified: true }),
    setPasswordHash: (id: string, passwordHash: string, tx: DbOrTx = db) =>
      accountsRepo.update(tx, id, { passwordHash }),

    /**
     * Gives the account an address its owner proved by a mailed link. Any account holding it in
     * any case (a deleted one too) makes it a 409; the unique index decides a race.
     */
    async setVerifiedEmail(id: string, email: string, tx: DbOrTx = db): Promise<void> {
      const holder = await accountsRepo.findByEmail(tx, email);
      if (holder && holder.id !== id) throw emailTaken();
      try {
        await accountsRepo.update(tx, id, { email, emailVerified: true });
      } catch (err) {
        if (uniqueViolation(err)?.includes('email')) throw emailTaken();
        throw err;
      }
    },

    /**
     * Suspends a user. With no list, every area is closed, as the spec's suspended user is
     * blocked from courses, jobs and mentorship and hidden.
     */
    async suspend(userId: string, input: SuspendInput, outer: DbOrTx = db): Promise<TUser> {
      const user = await accountsRepo.findById(outer, userId);
      if (!user) throw new AppError('NOT_FOUND', 'User not found.');
      await transaction(outer, async (tx) => {
        await accountsRepo.liftSuspensions(tx, userId, now());
        await accountsRepo.insertSuspension(tx, {
          userId,
          reason: input.reason,
          restrictions: input.restrictions?.length ? input.restrictions : [...RESTRICTIONS],
          endsAt: input.endsAt ?? null,
          createdBy: input.by ?? null,
        });
      });
      return this.present(user, outer);
    },

    /** `by`: the admin who lifts it, shown on the member's admin page. */
    /** Each member's time zone, for times stated in notifications and mails (issue 26). */
    async timeZonesOf(userIds: string[], tx: DbOrTx = db): Promise<Map<string, string>> {
      return new Map((await accountsRepo.timeZones(tx, userIds)).map((r) => [r.id, r.timeZone]));
    },

    async lift(userId: string, tx: DbOrTx = db, by: string | null = null): Promise<void> {
      await accountsRepo.liftSuspensions(tx, userId, now(), by);
    },

    /** For the lift job at a suspension's end: records the lift once, unless lifted already or not yet ended; whether it did. */
    async liftEnded(suspensionId: string, tx: DbOrTx = db): Promise<boolean> {
      return (await accountsRepo.liftEnded(tx, suspensionId, now())).length > 0;
    },

    /** The suspension in force now, if any (the admin console's before and after). */
    suspensionOf: (userId: string, tx: DbOrTx = db) => accountsRepo.activeSuspension(tx, userId, now()),

    /**
     * The account behind a profile page (decision 017): by username, case aside, only if `viewer`
     * may see it (decision 013: hidden or deleted members only to themselves and admins).
     */
    async shownByUsername(username: string, viewer: Viewer, tx: DbOrTx = db): Promise<AccountRow | undefined> {
      const user = await accountsRepo.findByUsername(tx, username);
      const person = user && (await accountsRepo.person(tx, user.id, now()));
      if (!user || !person || !isShown(person, viewer)) return undefined;
      const { passwordHash: _hash, ...account } = user;
      return account;
    },
    /** The name and picture people are shown with, as the profile edits them; answers the account. */
    async setDisplay(
      id: string,
      values: { fullName?: string; avatarUrl?: string | null; timeZone?: string },
      tx: DbOrTx = db,
    ): Promise<AccountRow> {
      const row = await accountsRepo.update(tx, id, values);
      if (!row) throw new AppError('NOT_FOUND', 'User not found.');
      const { passwordHash: _hash, ...account } = row;
      return account;
    },
    /** Creates the admin, or makes the existing account of that email an admin with this password. */
    async upsertAdmin(email: string, password: string): Promise<UserRow> {
      const passwordHash = await hashPassword(password);
      const existing = await accountsRepo.findByEmail(db, email);
      if (existing) {
        await heldRolesRepo.grant(db, existing.id, 'admin', true);
        return (await accountsRepo.update(db, existing.id, { passwordHash, emailVerified: true }))!;
      }
      const base =
        email
          .split('@')[0]!
          .replace(/[^A-Za-z0-9_.-]/g, '')
          .slice(0, 24) || 'admin';
      let username = base.length >= 3 ? base : `admin-${base}`;
      for (let n = 2; await accountsRepo.findByUsername(db, username); n++) username = `${base}-${n}`;
      const values: NewUser = {
        username,
        email,
        fullName: 'Administrator',
        passwordHash,
        role: 'admin',
        emailVerified: true,
      };
      return accountsRepo.insert(db, values);
    },
  };
}

const usernameTaken = () =>
  new AppError('USERNAME_TAKEN', 'That username is taken. Choose another.', { username: 'That username is taken' });
/** A deleted account's username is held for 90 days (decision 020), so nobody poses as its owner at once. */
const usernameReserved = () =>
  new AppError(
    'USERNAME_TAKEN',
    'That username belonged to an account deleted recently and is reserved for 90 days. Choose another.',
    {
      username: 'That username is reserved for 90 days after its account was deleted',
    },
  );
const emailTaken = () =>
  new AppError('EMAIL_TAKEN', 'An account with that email already exists. Log in or reset your password.', {
    email: 'An account with that email already exists',
  });

/** The constraint name of a PostgreSQL unique violation (23505), from either driver. */
function uniqueViolation(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return undefined;
}

export type AccountsService = ReturnType<typeof createAccountsService>;
