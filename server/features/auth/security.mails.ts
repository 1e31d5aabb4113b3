import { linkMail, noticeMail } from '#server/lib/mail-templates';
import { EMAIL_CHANGE_HOURS } from '#shared/constants';
import { SIGN_IN_LINK_MINUTES } from '#shared/auth/sign-in-link.schemas';

/** The mails of account security (decision 019): the link to the new address, notices to the owner, the sign-in link (049). */

export const emailChangeMail = (to: string, name: string, link: string) =>
  linkMail(
    to,
    'Confirm your new email',
    name,
    [
      'You asked to use this address for your account. It takes over once you open the link below.',
      `The link works once and expires in ${EMAIL_CHANGE_HOURS} hours. If it was not you, ignore this mail: nothing changes.`,
    ],
    'Use this email',
    link,
  );

export const passwordChangedMail = (to: string, name: string, appUrl: string) =>
  noticeMail(to, 'Your password was changed', name, [
    'The password of your account was just changed, and every other signed-in device was logged out.',
    `If it was not you, reset your password now at ${appUrl}/reset-password and review your sessions on your profile.`,
  ]);

export const emailChangedMail = (to: string, name: string, newEmail: string, appUrl: string) =>
  noticeMail(to, 'Your email was changed', name, [
    `Your account now uses ${newEmail}. This address will no longer receive its mail or sign in.`,
    `If it was not you, reply to this mail or contact support at once from ${appUrl}.`,
  ]);

export const signInLinkMail = (to: string, name: string, link: string) =>
  linkMail(
    to,
    'Your sign-in link',
    name,
    [
      'Someone asked for a link to sign in to your account, most likely you from the sign-in page.',
      `The link signs in the browser that opens it, works once and expires in ${SIGN_IN_LINK_MINUTES} minutes. If it was not you, ignore this mail: nobody can use the link without this inbox.`,
    ],
    'Sign in',
    link,
  );

export const signInLinkUsedMail = (to: string, name: string, device: string, appUrl: string) =>
  noticeMail(to, 'A sign-in link was used', name, [
    `A sign-in link mailed to this address was just used to sign in to your account on ${device}.`,
    `If it was not you, someone can read this inbox: change its password, then reset yours at ${appUrl}/reset-password and review your sessions on your profile.`,
  ]);
