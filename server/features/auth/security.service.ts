import { UAParser } from 'ua-parser-js';
import type { Db, DbOrTx } from '#server/db/client';
import { afterCommit, transaction } from '#server/db/transaction';
import type { QueueService } from '#server/queue/queue.service';
import { AppError } from '#server/lib/errors';
import { sendMailJob } from '#server/lib/mail.queue';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword, verifyPassword } from '#server/lib/passwords';
import { hashToken } from '#server/lib/tokens';
import type { RealtimeService } from '#server/realtime/realtime.service';
import { EMAIL_CHANGE_HOURS, PRIVACY_VERSION, TERMS_VERSION } from '#shared/constants';
import type { TUser } from '#shared/accounts/accounts.schemas';
import {
  EMAIL_LINK_INVALID,
  type TAcceptConsents,
  type TChangeEmail,
  type TChangePassword,
  type TPendingEmail,
  type TSessionView,
} from '#shared/accounts/security.schemas';
import type { AccountsService } from '../accounts';
import { authRepo } from './auth.repo';
import { mailLinkJob } from './auth.queue';
import type { ClientMeta, LinkMail } from './auth.service';
import { emailChangedMail, emailChangeMail, passwordChangedMail } from './security.mails';
import { securityRepo } from './security.repo';

const HOUR = 3_600_000;
/** The versions in force: what sign-up records and what every member must have accepted. */
export const CURRENT_VERSIONS = { terms: TERMS_VERSION, privacy: PRIVACY_VERSION } as const;

export interface SecurityDeps {
  db: Db;
  accounts: AccountsService;
  jobs: QueueService;
  realtime: Pick<RealtimeService, 'endSessionsByHash'>;
  appUrl: string;
  now: () => Date;
}

/** "Chrome on Android" from a user agent; null when neither part is recognised. */
export function deviceLabel(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const { browser, os } = new UAParser(userAgent).getResult();
  const parts = [browser.name, os.name && [os.name, os.version].filter(Boolean).join(' ')].filter(Boolean);
  return parts.length ? parts.join(' on ') : null;
}

/** Account security (issue 11 item 4, decision 019): password, email, sessions, consents. */
export function createSecurityService(deps: SecurityDeps) {
  const { db, accounts, jobs, realtime, appUrl, now } = deps;

  /** The member's password must be right; a wrong one names the form's field. */
  async function assertPassword(userId: string, password: string, field: string) {
    const row = await accounts.findById(userId);
    if (!row || !(await verifyPassword(row.passwordHash, password))) {
      throw new AppError('VALIDATION_FAILED', 'That password is not right.', { [field]: 'That password is not right' });
    }
    return row;
  }

  /** Sockets opened with ended sessions close once the deletion is committed. */
  const disconnectAfterCommit = (tx: DbOrTx, hashes: string[]) =>
    afterCommit(tx, () => realtime.endSessionsByHash(hashes));

  return {
    /**
     * The new address's confirmation, sent through auth's mail-link job: to the address waiting
     * when the job runs, so a newer request or a cancel since it was queued wins.
     */
    emailChangeLinkMail: {
      hours: EMAIL_CHANGE_HOURS,
      async prepare(user) {
        const pending = await securityRepo.pendingEmail(db, user.id, now());
        if (!pending) return undefined;
        return (token) => emailChangeMail(pending.newEmail, user.fullName, `${appUrl}/confirm-email?token=${token}`);
      },
    } satisfies LinkMail,

    async sessions(userId: string, currentToken: string): Promise<TSessionView[]> {
      const current = hashToken(currentToken);
      const rows = await securityRepo.liveSessions(db, userId, now());
      const list = rows.map((r) => ({
        id: r.publicId,
        current: r.idHash === current,
        userAgent: r.userAgent,
        device: deviceLabel(r.userAgent),
        ip: r.ip,
        createdAt: r.createdAt.toISOString(),
        lastSeenAt: r.lastSeenAt.toISOString(),
      }));
      return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
    },

    /** Ends one of the member's own sessions; anyone else's id is unknown (404). */
    async revokeSession(userId: string, publicId: string): Promise<void> {
      await transaction(db, async (tx) => {
        const idHash = await securityRepo.deleteSession(tx, userId, publicId);
        if (!idHash) throw new AppError('NOT_FOUND', 'That session has already ended.');
        disconnectAfterCommit(tx, [idHash]);
      });
    },

    /** Ends every session of the member everywhere, their sockets with them (the admin console). */
    async endAllSessions(userId: string, outer: DbOrTx = db): Promise<number> {
      return transaction(outer, async (tx) => {
        const ended = await securityRepo.deleteAllSessions(tx, userId);
        disconnectAfterCommit(tx, ended);
        return ended.length;
      });
    },

    /** Ends every session of the user but this one; in the caller's transaction when given one. */
    async revokeOthers(userId: string, currentToken: string, outer: DbOrTx = db): Promise<number> {
      return transaction(outer, async (tx) => {
        const ended = await securityRepo.deleteOtherSessions(tx, userId, hashToken(currentToken));
        disconnectAfterCommit(tx, ended);
        return ended.length;
      });
    },

    /**
     * A new password ends every other session (this one stays signed in), retires reset links
     * mailed for the old one, and tells the owner by mail.
     */
    async changePassword(userId: string, currentToken: string, input: TChangePassword): Promise<void> {
      const user = await assertPassword(userId, input.currentPassword, 'currentPassword');
      if (isCommonPassword(input.newPassword)) {
        throw new AppError('VALIDATION_FAILED', COMMON_PASSWORD_MESSAGE, { newPassword: COMMON_PASSWORD_MESSAGE });
      }
      const passwordHash = await hashPassword(input.newPassword);
      await transaction(db, async (tx) => {
        await accounts.setPasswordHash(userId, passwordHash, tx);
        await authRepo.retireTokens(tx, userId, 'reset_password', now());
        disconnectAfterCommit(tx, await securityRepo.deleteOtherSessions(tx, userId, hashToken(currentToken)));
        await jobs.send(tx, sendMailJob, passwordChangedMail(user.email, user.fullName, appUrl));
      });
    },

    /**
     * Asks for a new address: it gets a link (auth's mail-link job, which issues the token as it
     * runs); nothing changes until the link is opened. A new request or a cancel retires the
     * links already mailed, so an older link can never confirm a newer address.
     */
    async requestEmailChange(userId: string, input: TChangeEmail): Promise<TPendingEmail> {
      const user = await assertPassword(userId, input.password, 'password');
      if (user.email.toLowerCase() === input.newEmail.toLowerCase()) {
        throw new AppError('VALIDATION_FAILED', 'That is already your email.', {
          newEmail: 'That is already your email',
        });
      }
      const holder = await accounts.findLiveByEmail(input.newEmail);
      if (holder && holder.id !== userId)
        renameEmailField(new AppError('EMAIL_TAKEN', 'Another account uses that email.'));
      const requestedAt = now();
      const expiresAt = new Date(requestedAt.getTime() + EMAIL_CHANGE_HOURS * HOUR);
      await transaction(db, async (tx) => {
        await authRepo.retireTokens(tx, userId, 'change_email', requestedAt);
        await securityRepo.setPendingEmail(tx, { userId, newEmail: input.newEmail, requestedAt, expiresAt });
        await jobs.send(tx, mailLinkJob, { userId, purpose: 'change_email' });
      });
      return {
        pending: { email: input.newEmail, requestedAt: requestedAt.toISOString(), expiresAt: expiresAt.toISOString() },
      };
    },

    async pendingEmail(userId: string): Promise<TPendingEmail> {
      const row = await securityRepo.pendingEmail(db, userId, now());
      return {
        pending: row
          ? { email: row.newEmail, requestedAt: row.requestedAt.toISOString(), expiresAt: row.expiresAt.toISOString() }
          : null,
      };
    },

    async cancelEmailChange(userId: string): Promise<void> {
      await transaction(db, async (tx) => {
        await authRepo.retireTokens(tx, userId, 'change_email', now());
        if (!(await securityRepo.deletePendingEmail(tx, userId)))
          throw new AppError('NOT_FOUND', 'There is no email change to cancel.');
      });
    },

    /**
     * The mailed link was opened: the address takes over if it is still free (in any case), is
     * verified by this very link, and the old address gets a notice. Needs no session: the link
     * may be opened on a phone that is not signed in.
     */
    async confirmEmailChange(token: string): Promise<string> {
      return transaction(db, async (tx) => {
        const userId = await authRepo.consumeToken(tx, hashToken(token), 'change_email', now());
        const pending = userId && (await securityRepo.pendingEmail(tx, userId, now()));
        const user = userId && (await accounts.findById(userId, tx));
        if (!pending || !user || user.deletedAt) throw new AppError('TOKEN_INVALID', EMAIL_LINK_INVALID);
        await securityRepo.deletePendingEmail(tx, user.id);
        await accounts.setVerifiedEmail(user.id, pending.newEmail, tx).catch(renameEmailField);
        await jobs.send(tx, sendMailJob, emailChangedMail(user.email, user.fullName, pending.newEmail, appUrl));
        return pending.newEmail;
      });
    },

    /** True when a version newer than the member's last accepted one is in force. Admins are staff: never asked. */
    async consentRequired(user: TUser): Promise<boolean> {
      if (user.role === 'admin') return false;
      const accepted = await securityRepo.acceptedVersions(db, user.id);
      return (Object.keys(CURRENT_VERSIONS) as Array<keyof typeof CURRENT_VERSIONS>).some(
        (document) => (accepted[document] ?? '') < CURRENT_VERSIONS[document],
      );
    },

    /** The member agrees to the versions in force; an older version (a stale page) is refused. */
    async acceptConsents(userId: string, input: TAcceptConsents, meta: ClientMeta): Promise<void> {
      const stale = (Object.keys(CURRENT_VERSIONS) as Array<keyof typeof CURRENT_VERSIONS>).filter(
        (document) => input[document] !== CURRENT_VERSIONS[document],
      );
      if (stale.length) {
        throw new AppError(
          'CONFLICT',
          'The terms changed while you were reading. Please reload the page and read them again.',
        );
      }
      await securityRepo.insertConsents(db, userId, CURRENT_VERSIONS, meta, now());
    },
  };
}

/** The accounts service names the field `email`; these forms call it `newEmail`. */
function renameEmailField(err: unknown): never {
  if (err instanceof AppError && err.code === 'EMAIL_TAKEN') {
    throw new AppError('EMAIL_TAKEN', 'Another account uses that email.', {
      newEmail: 'Another account uses that email',
    });
  }
  throw err;
}

export type SecurityService = ReturnType<typeof createSecurityService>;
