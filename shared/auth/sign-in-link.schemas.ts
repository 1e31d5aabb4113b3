import { z } from 'zod';
import { MAIL_TOKEN_PATTERN } from './auth.schemas';

/**
 * The mailed one-time sign-in link (decision 049): the way in for an owner whose account
 * strangers' guesses have locked on a device it never signed in from.
 */

/** How long a sign-in link works: long enough to open the mail, short enough to be worth little if it leaks. */
export const SIGN_IN_LINK_MINUTES = 15;

/** The same answer whether or not the account exists, so the route tells no one which do. */
export const SIGN_IN_LINK_SENT = `If an account exists for that username or email, we have sent it a sign-in link. It works once, within ${SIGN_IN_LINK_MINUTES} minutes.`;
export const SIGN_IN_LINK_MISSING = 'This sign-in link has no token. Open the link straight from the email.';
export const SIGN_IN_LINK_INVALID =
  'This sign-in link is invalid, used or expired. Ask for a new one from the sign-in page and open it straight from the email.';

/** POST /api/sign-in-link: what was typed in the sign-in form's first field. */
export const ZSignInLinkRequest = z
  .object({
    login: z
      .string({ error: 'Enter your username or email' })
      .trim()
      .min(3, 'Enter your username or email')
      .max(254, 'That is longer than any username or email'),
  })
  .meta({ examples: [{ login: 'amaka.obi' }, { login: 'amaka@example.com' }] });
export type TSignInLinkRequest = z.infer<typeof ZSignInLinkRequest>;

/** POST /api/sign-in-link/use: the token from the mailed link, sent by the page the link opens. */
export const ZSignInLinkUse = z
  .object({
    token: z
      .string({ error: SIGN_IN_LINK_MISSING })
      .trim()
      .min(1, { error: SIGN_IN_LINK_MISSING, abort: true })
      .regex(MAIL_TOKEN_PATTERN, SIGN_IN_LINK_INVALID),
  })
  .meta({ examples: [{ token: 'q3Vb1x0cX0cA8m2Hk7yV6a0m9Yw2f8v1LrQpZs4tNuE' }] });
export type TSignInLinkUse = z.infer<typeof ZSignInLinkUse>;
