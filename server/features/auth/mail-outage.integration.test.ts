import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, PASSWORD, unique, type Harness } from '#server/test/harness';
import { linkIn, startSmtpSink, type SmtpSink } from '#server/test/smtp-sink';

/**
 * The mail server is down when a member registers: the verification mail waits in the job queue
 * and reaches them once the server is back, within two minutes, with nothing asked of them.
 */
let h: Harness;
let revived: SmtpSink | undefined;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await revived?.close();
  await h.close();
});

const MINUTE = 60_000;

/** Moves the harness clock by `step`, running due jobs after each, until `done` or `ms` passed. */
async function runFor(ms: number, step: number, done: () => boolean = () => false): Promise<number> {
  for (let waited = 0; waited <= ms; waited += step) {
    await h.jobs.runDue();
    if (done()) return waited;
    h.clock.advance(step);
  }
  return Infinity;
}

describe('registration while the mail server is down', () => {
  it('delivers the verification mail within two minutes of the server coming back', async () => {
    const port = h.smtp.port;
    await h.smtp.close();
    const username = unique('outage');
    const email = `${username}@example.com`;
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username, password: PASSWORD, email, fullName: 'Amaka Obi', agreeToTerms: true },
    });
    expect(res.statusCode, res.body).toBe(201);

    // An hour of outage: the mail is tried again and again (its backoff reaches its one-minute
    // cap within minutes), and kept.
    await runFor(60 * MINUTE, MINUTE);
    expect(await h.services.jobs.dead()).toEqual([]);

    revived = await startSmtpSink({ port });
    const sink = revived;
    const delay = await runFor(2 * MINUTE, 5_000, () => sink.mails.some((m) => m.to.includes(email)));
    expect(delay).toBeLessThanOrEqual(2 * MINUTE);
    const mails = sink.mails.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    const verified = await h.app.inject({
      method: 'GET',
      url: linkIn(mails[0]!, '/api/verify-email/direct?token=').replace(h.config.appUrl, ''),
    });
    expect(verified.statusCode).toBeLessThan(400);
  });
});
