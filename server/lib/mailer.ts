import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { FastifyBaseLogger } from 'fastify';
import type { Events } from '../platform/events';
import { lazy } from './lazy-import';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the mail exists for; the dev mailbox prints it to the log. */
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
  /** Where the dev mailbox prints its links; stdout unless a test reads them. */
  out?: { write(text: string): unknown };
}

/** The dev mailbox's plain announcement of a mail: who, what, and the link to open. */
export function devMailboxBanner(mail: Mail, file: string): string {
  const rule = '='.repeat(72);
  const lines = [
    rule,
    `DEV MAILBOX (no SMTP_URL): "${mail.subject}" for ${mail.to}`,
    mail.link ? `Open this link: ${mail.link}` : `Written to: ${file}`,
    rule,
  ];
  return `\n${lines.join('\n')}\n\n`;
}

/**
 * A mail job may run 120 s (`timeoutSeconds` in mail.jobs.ts and auth.jobs.ts) before pg-boss
 * tries it again. Nodemailer's own limits (2 min to connect, 10 min of a silent socket) are
 * longer, so a hanging server could be retried while the first attempt still delivers: every
 * wait here ends within a minute.
 */
export const SMTP_TIMEOUT_MS = 60_000;

/** The nodemailer transport of an smtp:// or smtps:// URL. */
export function smtpOptions(smtpUrl: string): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  return {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
    secure: url.protocol === 'smtps:',
    // Plain smtp:// to a local relay (or a test server) must not try STARTTLS.
    ignoreTLS: url.protocol === 'smtp:' && ['localhost', '127.0.0.1'].includes(url.hostname),
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  };
}

/** SMTP when SMTP_URL is set; otherwise a dev mailbox of .eml files under DATA_DIR/mail. */
export function createMailer(opts: MailerOptions): Mailer {
  if (opts.smtpUrl) {
    const smtpUrl = opts.smtpUrl;
    // nodemailer loads with the first mail, not with the server (decision 084).
    let made: { close(): void } | undefined;
    const transport = lazy(async () => {
      const { default: nodemailer } = await import('nodemailer');
      const created = nodemailer.createTransport(smtpOptions(smtpUrl));
      made = created;
      return created;
    });
    return {
      async send(mail) {
        await (
          await transport()
        ).sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      },
      close: () => made?.close(),
    };
  }
  const dir = join(opts.dataDir, 'mail');
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^a-z0-9@.]/gi, '_')}.eml`;
      const body = `From: ${opts.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`;
      await writeFile(join(dir, name), body);
      opts.log.info({ to: mail.to, subject: mail.subject, file: name }, `dev mailbox: ${mail.link ?? 'mail written'}`);
      // A newcomer without SMTP_URL must find the link without reading JSON: a framed plain block.
      (opts.out ?? process.stdout).write(devMailboxBanner(mail, join(dir, name)));
    },
    close: () => undefined,
  };
}

/** Every mail goes through the platform's mailer: here each one sent or failed is told, once. */
export function reportingMailer(mailer: Mailer, events: Events): Mailer {
  return {
    async send(mail) {
      try {
        await mailer.send(mail);
      } catch (err) {
        events.emit('mail.failed', {});
        throw err;
      }
      events.emit('mail.sent', {});
    },
    close: () => mailer.close(),
  };
}
