import type { Db } from '#server/db/client';
import { transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import { sendMailJob } from '#server/lib/mail.queue';
import { hashToken } from '#server/lib/tokens';
import type { QueueService } from '#server/queue/queue.service';
import { SIGN_IN_LINK_INVALID, SIGN_IN_LINK_MINUTES, SIGN_IN_LINK_SENT } from '#shared/auth/sign-in-link.schemas';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { AccountsService, UserRow } from '../accounts';
import { authRepo } from './auth.repo';
import type { LinkMail, SignInContext } from './auth.service';
import { signInLinkMail, signInLinkUsedMail } from './security.mails';
import { deviceLabel } from './security.service';

export interface SignedIn {
  user: TUser;
  token: string;
  expiresAt: Date;
  deviceToken: string;
}

export interface SignInLinkDeps {
  db: Db;
  accounts: AccountsService;
  jobs: QueueService;
  appUrl: string;
  now: () => Date;
  /** Queues the `auth.mail-link` job, which issues the token when it runs. */
  queueLinkMail: (userId: string) => Promise<unknown>;
  /** The sign-in that follows a right password: session, device cookie, sign-in listeners. */
  signIn: (user: UserRow, ctx: SignInContext) => Promise<SignedIn>;
  trustDevice: (userId: string, deviceToken?: string) => Promise<string>;
  twoFactor: { isOn(userId: string): Promise<boolean>; issueChallenge(userId: string): Promise<string> };
}

/**
 * The mailed one-time sign-in link (decision 049): it stands in for the password, never for the
 * second factor, so an admin with two-factor on gets the code step after it.
 */
export function createSignInLinks(deps: SignInLinkDeps) {
  const { db, accounts, jobs, appUrl, now } = deps;

  /** The live account a sign-in form's first field names, by username or email, as the login finds it. */
  async function find(login: string): Promise<UserRow | undefined> {
    const typed = login.trim();
    return (
      (await accounts.findLiveByUsername(typed)) ??
      (typed.includes('@') ? await accounts.findLiveByEmail(typed) : undefined)
    );
  }

  const linkMail: LinkMail = {
    hours: SIGN_IN_LINK_MINUTES / 60,
    prepare: async (user) => (token) =>
      signInLinkMail(user.email, user.fullName, `${appUrl}/sign-in-link?token=${token}`),
  };

  return {
    linkMail,

    /** The per-account request limit's key: one budget for an account's username and email, as failed sign-ins have. */
    async limitKey(login: string): Promise<string> {
      const user = await find(login);
      return user ? `user:${user.id}` : `name:${login.trim().toLowerCase()}`;
    },

    /** Queues the link for a live account; answers the same sentence whether there is one or not. */
    async request(login: string): Promise<string> {
      const user = await find(login);
      if (user) await deps.queueLinkMail(user.id);
      return SIGN_IN_LINK_SENT;
    },

    /**
     * Uses the link up and signs this browser in, trusting it as a device of the account, so the
     * lock that strangers' guesses hold on the account no longer applies here. The owner is told
     * by mail in the same transaction. An admin with two-factor on gets the code step's challenge.
     */
    async use(token: string, ctx: SignInContext) {
      const user = await transaction(db, async (tx) => {
        const owner = await authRepo.consumeToken(tx, hashToken(token), 'sign_in_link', now());
        const found = owner ? await accounts.findById(owner, tx) : undefined;
        // A deleted account's links end with it, as its password stops signing in.
        if (!found || found.deletedAt) throw new AppError('TOKEN_INVALID', SIGN_IN_LINK_INVALID);
        // Opening the mailed link proves the address, as a reset link does.
        if (!found.emailVerified) await accounts.markEmailVerified(found.id, tx);
        const device = deviceLabel(ctx.meta.userAgent) ?? 'a device we could not name';
        await jobs.send(tx, sendMailJob, signInLinkUsedMail(found.email, found.fullName, device, appUrl));
        return { ...found, emailVerified: true };
      });
      if (user.role === 'admin' && (await deps.twoFactor.isOn(user.id))) {
        return {
          twoFactorRequired: true as const,
          challenge: await deps.twoFactor.issueChallenge(user.id),
          deviceToken: await deps.trustDevice(user.id, ctx.deviceToken),
        };
      }
      return deps.signIn(user, ctx);
    },
  };
}
