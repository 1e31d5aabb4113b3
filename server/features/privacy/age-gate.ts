import type { Db, DbOrTx } from '#server/db/client';
import { afterCommit, transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import { guardianConsentMail } from '#server/lib/mail-templates';
import type { RealtimeService } from '#server/realtime/realtime.service';
import { GUARDIAN_CONSENT_UNDER, MINIMUM_AGE } from '#shared/constants';
import {
  BIRTH_DATE_NEEDED_MESSAGE,
  GUARDIAN_LINK_HOURS,
  GUARDIAN_NEEDED_MESSAGE,
  UNDER_AGE_MESSAGE,
  type TAgeStatus,
  type TGuardianInput,
  type TGuardianRequest,
} from '#shared/privacy/privacy.schemas';
import type { AccountsService } from '../accounts';
import type { AuthService } from '../auth';
import type { NotificationsService } from '../notifications';
import { privacyRepo } from './privacy.repo';

/**
 * The one guard of every step where money moves (decision 020): a checkout of anything, and
 * publishing something sold. Every later area (paid plans, paid gigs) calls it in its own
 * transaction before it writes anything.
 */
export interface MoneySteps {
  requireMoneyConsent(userId: string, tx?: DbOrTx): Promise<void>;
}

/** Whole years between a yyyy-mm-dd birth date and `today` (UTC): a birthday counts from its day. */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const age = today.getUTCFullYear() - y;
  const before = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  return before ? age - 1 : age;
}

const STATUS_KEY = ['/api/user/age'];

export function createAgeGate(deps: {
  db: Db;
  accounts: AccountsService;
  auth: AuthService;
  notifications: NotificationsService;
  realtime: RealtimeService;
  appUrl: string;
  now: () => Date;
}) {
  const { db, accounts, auth, notifications, realtime, appUrl, now } = deps;

  auth.registerLinkMail('guardian_consent', {
    hours: GUARDIAN_LINK_HOURS,
    async prepare(user) {
      const request = await privacyRepo.guardian(db, user.id);
      if (!request || request.consentedAt) return undefined;
      return (token) =>
        guardianConsentMail(
          request.guardianEmail,
          request.guardianName,
          user.fullName,
          `${appUrl}/guardian-consent?token=${token}`,
        );
    },
  });

  async function status(userId: string, tx: DbOrTx = db): Promise<TAgeStatus> {
    const dateOfBirth = (await privacyRepo.birthDate(tx, userId)) ?? null;
    const request = await privacyRepo.guardian(tx, userId);
    const guardian = request
      ? {
          name: request.guardianName,
          email: request.guardianEmail,
          requestedAt: request.requestedAt.toISOString(),
          consentedAt: request.consentedAt?.toISOString() ?? null,
        }
      : null;
    if (!dateOfBirth) return { state: 'needs_birth_date', dateOfBirth, guardian };
    const age = ageOn(dateOfBirth, now());
    if (age < MINIMUM_AGE) return { state: 'under_age', dateOfBirth, guardian };
    if (age >= GUARDIAN_CONSENT_UNDER || request?.consentedAt) return { state: 'allowed', dateOfBirth, guardian };
    return { state: request ? 'waiting' : 'needs_guardian', dateOfBirth, guardian };
  }

  const changed = (tx: DbOrTx, userId: string) =>
    afterCommit(tx, () => realtime.emitToUser(userId, 'data:updated', { queryKeys: [STATUS_KEY] }));

  return {
    status,

    async requireMoneyConsent(userId: string, tx: DbOrTx = db): Promise<void> {
      const { state } = await status(userId, tx);
      if (state === 'needs_birth_date') throw new AppError('DATE_OF_BIRTH_REQUIRED', BIRTH_DATE_NEEDED_MESSAGE);
      if (state === 'under_age') throw new AppError('UNDER_AGE', UNDER_AGE_MESSAGE);
      if (state !== 'allowed') throw new AppError('GUARDIAN_CONSENT_REQUIRED', GUARDIAN_NEEDED_MESSAGE);
    },

    /** Asked once: a second, different answer is refused (a member must not age themselves past the gate). */
    async recordBirthDate(userId: string, dateOfBirth: string): Promise<TAgeStatus> {
      return transaction(db, async (tx) => {
        const recorded = await privacyRepo.birthDate(tx, userId);
        if (recorded && recorded !== dateOfBirth) {
          const message = 'Your date of birth is already recorded. If it is wrong, contact support to correct it.';
          throw new AppError('CONFLICT', message, { dateOfBirth: message });
        }
        await privacyRepo.insertBirthDate(tx, userId, dateOfBirth, now());
        changed(tx, userId);
        return status(userId, tx);
      });
    },

    /** Names the guardian (again) and mails them the link; a resend retires the earlier link. */
    async requestGuardian(userId: string, input: TGuardianInput): Promise<TAgeStatus> {
      return transaction(db, async (tx) => {
        const current = await status(userId, tx);
        if (current.state !== 'needs_guardian' && current.state !== 'waiting') {
          throw new AppError(
            'CONFLICT',
            current.state === 'allowed'
              ? 'No consent is needed: you may already pay and sell.'
              : 'Enter your date of birth first.',
          );
        }
        const user = await accounts.findById(userId, tx);
        if (user && user.email.toLowerCase() === input.guardianEmail) {
          const message = "Enter your parent's or guardian's own email address, not yours.";
          throw new AppError('VALIDATION_FAILED', message, { guardianEmail: message });
        }
        await privacyRepo.upsertGuardian(tx, userId, input.guardianName, input.guardianEmail, now());
        await auth.sendLinkMail(tx, userId, 'guardian_consent');
        changed(tx, userId);
        return status(userId, tx);
      });
    },

    /** What the guardian's page shows before they confirm; the link stays unused. */
    async guardianRequest(token: string): Promise<TGuardianRequest> {
      const userId = await auth.peekLink(token, 'guardian_consent');
      const request = userId && (await privacyRepo.guardian(db, userId));
      const member = userId && (await accounts.findById(userId));
      if (!request || !member || member.deletedAt) throw invalidLink();
      return { guardianName: request.guardianName, memberName: member.fullName, consentedAt: null };
    },

    /** The guardian confirms: recorded with the time, address and browser; the member is told. */
    async consent(token: string, ip: string | null, userAgent: string | null): Promise<TGuardianRequest> {
      return transaction(db, async (tx) => {
        const userId = await auth.consumeLink(token, 'guardian_consent', tx);
        const request = userId && (await privacyRepo.guardian(tx, userId));
        const member = userId && (await accounts.findById(userId, tx));
        if (!userId || !request || !member || member.deletedAt) throw invalidLink();
        await privacyRepo.consent(tx, userId, now(), ip, userAgent);
        await notifications.notify(
          userId,
          {
            type: 'system_update',
            title: 'Your guardian gave consent',
            message: `${request.guardianName} consented: you can now pay for courses and sell your own.`,
            link: '/profile',
          },
          tx,
        );
        changed(tx, userId);
        return { guardianName: request.guardianName, memberName: member.fullName, consentedAt: now().toISOString() };
      });
    },
  };
}

const invalidLink = () =>
  new AppError('TOKEN_INVALID', 'This consent link is invalid, used or expired. Ask for a new one to be sent.');

export type AgeGate = ReturnType<typeof createAgeGate>;
