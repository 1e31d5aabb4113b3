import type { Db } from '#server/db/client';
import { transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import { verifyPassword } from '#server/lib/passwords';
import type { QueueService } from '#server/queue/queue.service';
import { DELETION_GRACE_DAYS, USERNAME_HOLD_DAYS, type TAccountDeletion } from '#shared/privacy/privacy.schemas';
import type { AccountsService } from '../accounts';
import type { AuthService } from '../auth';
import type { NotificationsService } from '../notifications';
import type { PrivacyRegistry } from './privacy-registry';
import { eraseAccountJob, eraseKey } from './privacy.queue';
import { privacyRepo } from './privacy.repo';

const DAY = 86_400_000;

const dateText = (d: Date) =>
  d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' });

/**
 * "Delete my account" (decision 020): asked with the password, done seven days later by a keyed
 * job unless the member signs in or cancels meanwhile. Erasure runs every area's eraser and the
 * account's anonymisation in one transaction: all of it or, on a failure, none (the job retries).
 */
export function createAccountDeletion(deps: {
  db: Db;
  registry: PrivacyRegistry;
  accounts: AccountsService;
  auth: AuthService;
  notifications: NotificationsService;
  jobs: QueueService;
  now: () => Date;
}) {
  const { db, registry, accounts, auth, notifications, jobs, now } = deps;

  /** Whether there was a scheduled deletion to cancel. */
  async function cancelIfScheduled(userId: string, why: 'cancelled' | 'signed-in'): Promise<boolean> {
    return transaction(db, async (tx) => {
      if (!(await privacyRepo.deleteDeletion(tx, userId))) return false;
      await jobs.cancel(tx, eraseAccountJob, eraseKey(userId));
      const message =
        why === 'signed-in'
          ? 'You signed in during the 7 days, so your account will not be deleted.'
          : 'Your account will not be deleted.';
      await notifications.notify(
        userId,
        { type: 'system_update', title: 'Account deletion cancelled', message, link: '/profile' },
        tx,
      );
      return true;
    });
  }

  async function cancel(userId: string, why: 'cancelled' | 'signed-in'): Promise<TAccountDeletion> {
    await cancelIfScheduled(userId, why);
    return { scheduledFor: null, requestedAt: null };
  }

  // A sign-in within the grace period cancels the deletion; the notification and the sign-in itself say so.
  auth.onSignIn(async (userId) =>
    (await cancelIfScheduled(userId, 'signed-in'))
      ? 'Welcome back. Your scheduled account deletion was cancelled, so your account stays.'
      : undefined,
  );

  return {
    cancel,

    async scheduled(userId: string): Promise<TAccountDeletion> {
      const row = await privacyRepo.deletion(db, userId);
      return { scheduledFor: row?.dueAt.toISOString() ?? null, requestedAt: row?.requestedAt.toISOString() ?? null };
    },

    async request(userId: string, password: string): Promise<TAccountDeletion> {
      const user = await accounts.findById(userId);
      if (!user || user.deletedAt) throw new AppError('NOT_FOUND', 'User not found.');
      if (user.role === 'admin')
        throw new AppError(
          'FORBIDDEN',
          'Administrator accounts cannot be deleted from here: ask another administrator.',
        );
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw new AppError('VALIDATION_FAILED', 'That password is not right.', {
          password: 'That password is not right',
        });
      }
      return transaction(db, async (tx) => {
        const existing = await privacyRepo.deletion(tx, userId);
        if (existing)
          return { scheduledFor: existing.dueAt.toISOString(), requestedAt: existing.requestedAt.toISOString() };
        const requestedAt = now();
        const dueAt = new Date(requestedAt.getTime() + DELETION_GRACE_DAYS * DAY);
        await privacyRepo.insertDeletion(tx, userId, requestedAt, dueAt);
        await jobs.send(tx, eraseAccountJob, { userId }, { startAfter: dueAt, singletonKey: eraseKey(userId) });
        await notifications.notify(
          userId,
          {
            type: 'system_update',
            title: 'Your account will be deleted',
            message: `Your account and your personal data will be deleted on ${dateText(dueAt)}. Sign in or choose "Cancel deletion" before then to keep it.`,
            link: '/profile',
          },
          tx,
        );
        return { scheduledFor: dueAt.toISOString(), requestedAt: requestedAt.toISOString() };
      });
    },

    /** The job at the end of the grace period; nothing if the deletion was cancelled or is not due. */
    async erase(userId: string): Promise<void> {
      await transaction(db, async (tx) => {
        const row = await privacyRepo.deletion(tx, userId);
        if (!row || row.dueAt > now()) return;
        const user = await accounts.findById(userId, tx);
        if (!user || user.deletedAt) return;
        const person = { id: user.id, username: user.username, email: user.email, fullName: user.fullName };
        for (const [, eraser] of registry.erasers()) await eraser(userId, tx, person);
        await privacyRepo.erase(tx, userId);
        await auth.endSessions(userId, tx);
        await accounts.anonymise(userId, tx);
      });
    },

    /** The daily job: usernames held for 90 days are released. */
    releaseUsernames: () => accounts.releaseUsernames(new Date(now().getTime() - USERNAME_HOLD_DAYS * DAY)),
  };
}
