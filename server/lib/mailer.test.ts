import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mailLinkJob } from '../features/auth/auth.queue';
import { sendMailJob } from './mail.queue';
import { createEvents } from '../platform/events';
import { createMailer, reportingMailer, smtpOptions } from './mailer';
import { silentLog } from '#server/test/silent-log';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the dev mailbox (no SMTP_URL)', () => {
  it('writes the mail to DATA_DIR/mail and prints its link on a line of its own, framed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'blet-mailer-'));
    dirs.push(dataDir);
    let printed = '';
    const mailer = createMailer({
      from: 'Test <t@localhost>',
      dataDir,
      log: silentLog,
      out: { write: (text: string) => (printed += text) },
    });
    const link = 'http://localhost:3000/api/verify-email/direct?token=abc';
    await mailer.send({ to: 'ada@example.ng', subject: 'Verify your email', text: `Open ${link}`, html: '', link });

    expect(readdirSync(join(dataDir, 'mail'))).toHaveLength(1);
    const lines = printed.split('\n');
    expect(lines).toContain(`Open this link: ${link}`);
    const at = lines.indexOf(`Open this link: ${link}`);
    expect(lines[at - 2]).toMatch(/^={20,}$/);
    expect(lines[at - 1]).toContain('ada@example.ng');
    expect(lines[at + 1]).toMatch(/^={20,}$/);
  });
});

describe('the SMTP transport', () => {
  it("gives up connecting, waiting for the greeting and on a silent socket within 60 s, inside the mail jobs' timeout", () => {
    const options = smtpOptions('smtp://user:p%40ss@mail.example.ng:2525');
    expect(options).toMatchObject({
      host: 'mail.example.ng',
      port: 2525,
      secure: false,
      auth: { user: 'user', pass: 'p@ss' },
    });
    const shortestJob = Math.min(sendMailJob.timeoutSeconds, mailLinkJob.timeoutSeconds) * 1000;
    for (const key of ['connectionTimeout', 'greetingTimeout', 'socketTimeout'] as const) {
      expect(options[key], key).toBeLessThanOrEqual(60_000);
      expect(options[key], key).toBeLessThan(shortestJob);
    }
  });
});

describe('the reporting mailer', () => {
  it('tells of each mail sent, and of each failure without hiding it', async () => {
    const events = createEvents(silentLog);
    const heard: string[] = [];
    events.on('mail.sent', () => heard.push('sent'));
    events.on('mail.failed', () => heard.push('failed'));
    let down = false;
    const mailer = reportingMailer(
      {
        send: async () => {
          if (down) throw new Error('connection refused');
        },
        close: () => undefined,
      },
      events,
    );
    const mail = { to: 'ada@example.ng', subject: 'Hello', text: 'Hi', html: '' };
    await mailer.send(mail);
    down = true;
    await expect(mailer.send(mail)).rejects.toThrow('connection refused');
    expect(heard).toEqual(['sent', 'failed']);
  });
});
