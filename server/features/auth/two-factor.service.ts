import type { Db, DbOrTx } from '#server/db/client';
import { transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import { hashToken, newToken } from '#server/lib/tokens';
import {
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_CHALLENGE_MINUTES,
  type TTwoFactorSetup,
  type TTwoFactorStatus,
} from '#shared/auth/two-factor.schemas';
import { authRepo } from './auth.repo';
import {
  hashRecoveryCode,
  isTotpCode,
  matchStep,
  newRecoveryCode,
  newSalt,
  newTotpSecret,
  otpauthUri,
  recoveryCodeMatches,
} from './totp';
import { twoFactorRepo as repo } from './two-factor.repo';

const WRONG_SETUP_CODE =
  'That code is not right. Check that the app shows the account you just added, and type its current code.';

/** Undoes the code step's transaction: the challenge stays unused when the code is wrong. */
class Refused extends Error {}

/**
 * Two-factor sign-in for admins (decision 033): an authenticator app's code, or a one-time
 * recovery code, after the password. The sign-in itself stays in auth.service.ts.
 */
export function createTwoFactor(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  /** The app's code (each time step once) or an unused recovery code (each once). */
  async function verify(userId: string, code: string, tx: DbOrTx): Promise<boolean> {
    if (isTotpCode(code)) {
      const row = await repo.find(tx, userId);
      const step = row?.enabledAt ? matchStep(row.secret, code, now()) : null;
      return step !== null && (await repo.takeStep(tx, userId, step));
    }
    const unused = await repo.unusedRecoveryCodes(tx, userId);
    const match = unused.find((r) => recoveryCodeMatches(code, r.salt, r.codeHash));
    return match !== undefined && (await repo.useRecoveryCode(tx, match.id, now()));
  }

  return {
    async status(userId: string): Promise<TTwoFactorStatus> {
      const row = await repo.find(db, userId);
      const enabled = Boolean(row?.enabledAt);
      return { enabled, recoveryCodesLeft: enabled ? await repo.countUnused(db, userId) : 0 };
    },

    isOn: async (userId: string) => Boolean((await repo.find(db, userId))?.enabledAt),

    /** A new secret for the app; it counts only once a code from it is confirmed. */
    async startSetup(user: { id: string; email: string }): Promise<TTwoFactorSetup> {
      const secret = newTotpSecret();
      if (!(await repo.startSetup(db, user.id, secret, now())))
        throw new AppError('CONFLICT', 'Two-factor authentication is already on.');
      return { secret, uri: otpauthUri(secret, user.email) };
    },

    /** The app's first code turns two-factor on; the recovery codes are answered this once. */
    async confirm(userId: string, code: string, tx: DbOrTx = db): Promise<string[]> {
      const row = await repo.find(tx, userId);
      if (!row || row.enabledAt)
        throw new AppError(
          'CONFLICT',
          row ? 'Two-factor authentication is already on.' : 'Start the setup first: there is no secret to confirm.',
        );
      const step = matchStep(row.secret, code, now());
      if (step === null) throw new AppError('VALIDATION_FAILED', WRONG_SETUP_CODE, { code: WRONG_SETUP_CODE });
      if (!(await repo.enable(tx, userId, step, now())))
        throw new AppError('CONFLICT', 'Two-factor authentication is already on.');
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await repo.insertRecoveryCodes(
        tx,
        codes.map((c) => {
          const salt = newSalt();
          return { userId, salt, codeHash: hashRecoveryCode(c, salt), createdAt: now() };
        }),
      );
      return codes;
    },

    async disable(userId: string, tx: DbOrTx = db): Promise<void> {
      const row = await repo.find(tx, userId);
      if (!row?.enabledAt) throw new AppError('CONFLICT', 'Two-factor authentication is not on.');
      await repo.remove(tx, userId);
    },

    /** The password was right: the code step's challenge, good for a few minutes. */
    async issueChallenge(userId: string): Promise<string> {
      const challenge = newToken();
      const expiresAt = new Date(now().getTime() + TWO_FACTOR_CHALLENGE_MINUTES * 60_000);
      await authRepo.insertToken(db, {
        tokenHash: hashToken(challenge),
        userId,
        purpose: 'two_factor_login',
        expiresAt,
      });
      return challenge;
    },

    /** Whose sign-in a live challenge is, leaving it unused. */
    challengeOwner: (challenge: string) => authRepo.findLiveToken(db, hashToken(challenge), 'two_factor_login', now()),

    /** Uses the challenge and the code up together, or neither. */
    async complete(userId: string, challenge: string, code: string): Promise<boolean> {
      try {
        await transaction(db, async (tx) => {
          if ((await authRepo.consumeToken(tx, hashToken(challenge), 'two_factor_login', now())) !== userId)
            throw new Refused();
          if (!(await verify(userId, code, tx))) throw new Refused();
        });
        return true;
      } catch (err) {
        if (err instanceof Refused) return false;
        throw err;
      }
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
