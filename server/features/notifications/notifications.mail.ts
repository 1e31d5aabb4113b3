import type { Mail } from '#server/lib/mailer';
import { NOTIFICATION_TYPE_LABELS, type TNotificationInput } from '#shared/notifications/notifications.schemas';
import type { MailRecipient } from './notifications.repo';

const BRAND = 'Build. Learn. Earn. Thrive.';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The email copy of a notification, with the way to turn such copies off. */
export function notificationMail(to: MailRecipient, n: TNotificationInput, appUrl: string): Mail {
  const link = n.link ? `${appUrl}${n.link}` : `${appUrl}/notifications`;
  const why = `You get this email because "${NOTIFICATION_TYPE_LABELS[n.type]}" emails are on.`;
  const settings = `${appUrl}/notifications`;
  const text = [
    `Hello ${to.fullName},`,
    '',
    n.message,
    '',
    `Open: ${link}`,
    '',
    why,
    `Change it in your notification settings: ${settings}`,
    '',
    `— ${BRAND}`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(to.fullName)},</p><p>${escapeHtml(n.message)}</p>
<p><a href="${escapeHtml(link)}">Open</a></p>
<p style="color:#666">${escapeHtml(why)} <a href="${escapeHtml(settings)}">Change it</a>.</p><p>— ${BRAND}</p>`;
  return { to: to.email, subject: n.title, text, html, link };
}
