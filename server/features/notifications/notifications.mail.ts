import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer } from '../../lib/mailer';
import { NOTIFICATION_TYPE_LABELS, type TNotificationInput } from '../../../shared/notifications/notifications.schemas';
import type { MailRecipient } from './notifications.repo';

const BRAND = 'Build. Learn. Earn. Thrive.';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The email copy of a notification, with the way to turn such copies off. */
function notificationMail(to: MailRecipient, n: TNotificationInput, appUrl: string): Mail {
  const link = n.link ? `${appUrl}${n.link}` : `${appUrl}/notifications`;
  const why = `You get this email because "${NOTIFICATION_TYPE_LABELS[n.type]}" emails are on.`;
  const settings = `${appUrl}/notifications`;
  const text = [`Hello ${to.fullName},`, '', n.message, '', `Open: ${link}`, '', why, `Change it in your notification settings: ${settings}`, '', `— ${BRAND}`].join('\n');
  const html = `<p>Hello ${escapeHtml(to.fullName)},</p><p>${escapeHtml(n.message)}</p>
<p><a href="${escapeHtml(link)}">Open</a></p>
<p style="color:#666">${escapeHtml(why)} <a href="${escapeHtml(settings)}">Change it</a>.</p><p>— ${BRAND}</p>`;
  return { to: to.email, subject: n.title, text, html, link };
}

/**
 * Email copies go out after the response, one at a time: a slow or broken mail server delays
 * mail, never a request, and its errors are logged, never thrown. Closing stops between mails.
 */
export function createNotificationMailer(deps: { mailer: Mailer; appUrl: string; log: FastifyBaseLogger }) {
  const jobs = new Set<Promise<void>>();
  let closed = false;

  return {
    isClosed: () => closed,

    async sendEach(recipients: MailRecipient[], n: TNotificationInput): Promise<void> {
      for (const r of recipients) {
        if (closed) return;
        try {
          await deps.mailer.send(notificationMail(r, n, deps.appUrl));
        } catch (err) {
          deps.log.error({ err, type: n.type }, 'could not send a notification mail');
        }
      }
    },

    inBackground(work: () => Promise<void>): void {
      if (closed) return;
      const job: Promise<void> = work()
        .catch((err) => deps.log.error({ err }, 'notification mail job failed'))
        .finally(() => jobs.delete(job));
      jobs.add(job);
    },

    async close(): Promise<void> {
      closed = true;
      await Promise.allSettled([...jobs]);
    },
  };
}
