import type { Db } from '#server/db/client';
import { addressKey } from '#server/lib/client-address';
import { AppError } from '#server/lib/errors';
import { hashToken, newToken } from '#server/lib/tokens';
import { LOGIN_LIMITS, loginLock, waitPhrase, type LoginLock } from './login-limits.policy';
import { loginLimitsRepo as repo } from './login-limits.repo';

/** The device cookie lives a year, renewed at each sign-in; a device unused for that long is forgotten. */
export const DEVICE_COOKIE_DAYS = 365;
const DEVICE_MS = DEVICE_COOKIE_DAYS * 24 * 3_600_000;

export interface LoginAttempt {
  /** `user:<id>` for a known account, `name:<typed name>` otherwise. */
  account: string;
  userId?: string;
  address: string;
  /** The device cookie, as sent. */
  deviceToken?: string;
}

/** A wrong password needs nothing more: the attempt is already written down and counts. */
export interface AttemptTicket {
  /** The password was right: the attempt does not count. */
  succeeded(): Promise<void>;
}

function lockError(lock: LoginLock, trusted: boolean, now: Date): AppError {
  const wait = waitPhrase(lock.until, now);
  const message =
    lock.reason === 'wide' && !trusted
      ? `This account has had too many failed sign-in attempts. Please try again ${wait}, or reset your password by email to sign in from this device now.`
      : `Too many failed sign-in attempts. Please try again ${wait}.`;
  const retryAfter = String(Math.max(1, Math.ceil((lock.until.getTime() - now.getTime()) / 1000)));
  // Every lock offers the mailed link (decision 049): it reaches only the owner's inbox, so offering
  // it to a guesser gives nothing away, and the offer is the same for accounts that do not exist.
  return new AppError('RATE_LIMITED', message, undefined, {
    message,
    retryAt: lock.until.toISOString(),
    retryAfter,
    signInLink: true,
  });
}

/** Seconds until a refused sign-in may try again, for the Retry-After header. */
export function retryAfterSeconds(err: unknown): string | undefined {
  if (!(err instanceof AppError) || err.code !== 'RATE_LIMITED') return undefined;
  const seconds = err.extra?.retryAfter;
  return typeof seconds === 'string' ? seconds : undefined;
}

/** Failed sign-ins, counted in the database so that every process and restart sees the same counts. */
export function createLoginGuard(deps: { db: Db; now: () => Date; scale: number }) {
  const { db, now, scale } = deps;

  return {
    /** Judges an attempt before its password is checked; refuses it with a 429 while its bucket is locked. */
    async begin(attempt: LoginAttempt): Promise<AttemptTicket> {
      const at = now();
      const deviceHash = attempt.deviceToken ? hashToken(attempt.deviceToken) : undefined;
      const trusted =
        attempt.userId !== undefined &&
        deviceHash !== undefined &&
        (await repo.isTrusted(db, deviceHash, attempt.userId, new Date(at.getTime() - DEVICE_MS)));
      const address = addressKey(attempt.address);
      const device = trusted ? deviceHash! : null;
      const ownId = await repo.reserve(db, { account: attempt.account, address, device, at });
      const counts = await repo.counts(db, {
        account: attempt.account,
        bucket: device ? { device } : { address },
        ownId,
        narrowSince: new Date(at.getTime() - LOGIN_LIMITS.narrowWindowMs),
        wideSince: new Date(at.getTime() - LOGIN_LIMITS.wideWindowMs),
      });
      const lock = loginLock(counts, at, scale);
      if (lock) {
        await repo.release(db, ownId);
        throw lockError(lock, trusted, at);
      }
      return { succeeded: () => repo.release(db, ownId) };
    },

    /**
     * Marks this device as one the account signed in from, and answers the new cookie value
     * to send back. The accounts the old value was trusted for keep their trust (a shared phone
     * stays known to each of its accounts).
     */
    async trustDevice(userId: string, deviceToken?: string): Promise<string> {
      const token = newToken();
      const at = now();
      await repo.rotate(db, {
        oldHash: deviceToken ? hashToken(deviceToken) : undefined,
        newHash: hashToken(token),
        userId,
        now: at,
      });
      return token;
    },

    /**
     * Drops failures older than the longest window and devices unused for a year. Run by the
     * hourly `auth.purge-sessions` job, off the sign-in path: a table-wide delete on every
     * sign-in would make each one pay for everyone's history.
     */
    async purgeStale(): Promise<void> {
      const at = now().getTime();
      await repo.purgeFailures(db, new Date(at - LOGIN_LIMITS.wideWindowMs));
      await repo.purgeDevices(db, new Date(at - DEVICE_MS));
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
