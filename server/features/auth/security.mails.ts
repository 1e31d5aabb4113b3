import { linkMail, noticeMail } from '#server/lib/mail-templates';
import { EMAIL_CHANGE_HOURS } from '#shared/constants';

/** The mails of account security (decision 019): the link to the new address, notices to the owner. */

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
