import { randomBytes } from 'node:crypto';
import type { Db } from '#server/db/client';
import { transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import { linkMail } from '#server/lib/mail-templates';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword } from '#server/lib/passwords';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { AccountsService } from '../accounts';
import type { UserRow } from '../accounts';
import type { AuthService, LinkMail } from '../auth';
import type { AuditValues } from '#server/lib/audit/audit';
import type { DbOrTx } from '#server/db/client';

const INVITE_HOURS = 72;

/**
 * More than one admin (issue 16, item 8): an admin invites another by email. The account is
 * made at once as an admin with a password nobody knows; the mailed link (auth's link tokens,
 * purpose `admin_invite`) lets the invited person set theirs, then sign in at /admin as any admin.
 */
export function createAdminInvitations(deps: {
  db: Db;
  accounts: AccountsService;
  auth: AuthService;
  appUrl: string;
  audit: (tx: DbOrTx, v: AuditValues) => Promise<void>;
}) {
  const { db, accounts, auth, appUrl, audit } = deps;

  const inviteMail: LinkMail = {
    hours: INVITE_HOURS,
    async prepare(user) {
      if (user.deletedAt || !user.roles.includes('admin')) return undefined;
      return (token) =>
        linkMail(
          user.email,
          'You are invited to be an admin',
          'there',
          [
            'An administrator of Build. Learn. Earn. Thrive. invited you to help run the platform.',
            `Open the link to choose your password; it works once and expires in ${INVITE_HOURS} hours. Then sign in at ${appUrl}/admin.`,
          ],
          'Choose my password',
          `${appUrl}/admin/invitation?token=${token}`,
        );
    },
  };
  auth.registerLinkMail('admin_invite', inviteMail);

  return {
    async invite(admin: TUser, email: string) {
      const base =
        email
          .split('@')[0]!
          .replace(/[^A-Za-z0-9_.-]/g, '')
          .slice(0, 24) || 'admin';
      const first = base.length >= 3 ? base : `admin-${base}`;
      const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
      let created: UserRow | undefined;
      // accounts.create looks the username up (a deleted account's too) and the unique index
      // decides a race (jo@a and jo@b invited at once): a taken one moves on to the next.
      // Any account of that address, a deleted one too, is a 409: admins have accounts of their own.
      for (let n = 1; !created; n++) {
        const username = n === 1 ? first : `${base}-${n}`;
        created = await accounts
          .create({ username, email, fullName: 'Administrator', passwordHash, role: 'admin', emailVerified: false })
          .catch((err: unknown) => {
            if (err instanceof AppError && err.code === 'USERNAME_TAKEN') return undefined;
            throw err;
          });
      }
      await transaction(db, async (tx) => {
        await auth.sendLinkMail(tx, created.id, 'admin_invite');
        await audit(tx, {
          actorId: admin.id,
          action: 'admin.invite',
          targetType: 'user',
          targetId: created.id,
          before: null,
          after: { email, role: 'admin' },
          reason: null,
        });
      });
      return { id: created.id, email, message: `An invitation is on its way to ${email}.` };
    },

    async accept(token: string, password: string) {
      if (isCommonPassword(password))
        throw new AppError('VALIDATION_FAILED', COMMON_PASSWORD_MESSAGE, { password: COMMON_PASSWORD_MESSAGE });
      const passwordHash = await hashPassword(password);
      await transaction(db, async (tx) => {
        const userId = await auth.consumeLink(token, 'admin_invite', tx);
        if (!userId)
          throw new AppError(
            'TOKEN_INVALID',
            'This invitation link is invalid, used or expired. Ask an admin for a new one.',
          );
        await accounts.setPasswordHash(userId, passwordHash, tx);
        await accounts.markEmailVerified(userId, tx);
      });
      return { message: 'Your password is set. Sign in at /admin.' };
    },
  };
}

export type AdminInvitations = ReturnType<typeof createAdminInvitations>;
