import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  raw: string;
  /** The text part with quoted-printable soft breaks undone, for finding links. */
  text: string;
}

/**
 * A real SMTP server on a free local port (or the given one: a mail server coming back) that
 * keeps what it receives: the mail fake at the network edge for integration and browser tests.
 */
export async function startSmtpSink(opts: { port?: number } = {}) {
  const mails: CaughtMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, text });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    /** The newest mail to this address, waiting for it up to `ms`. */
    async waitFor(to: string, ms = 5_000): Promise<CaughtMail> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = [...mails].reverse().find((m) => m.to.includes(to.toLowerCase()));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${ms} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The first link in a mail that contains `part`. */
export function linkIn(mail: CaughtMail, part: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s"<>]*${part.replace(/[?]/g, '\\?')}[^\\s"<>]*`));
  if (!match) throw new Error(`no link with ${part} in mail:\n${mail.text}`);
  return match[0];
}
