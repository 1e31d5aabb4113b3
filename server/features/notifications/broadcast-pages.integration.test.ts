import type { AddressInfo } from 'node:net';
import { count, countDistinct, eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '#server/db/transaction';
import { notificationBroadcasts, notifications } from './notifications.table';
import { BROADCAST_BATCH } from './notifications.service';
import { APP_URL, buildUser, createHarness, login, type Harness } from '#server/test/harness';
import { connected, openTestSocket, record } from '#server/test/sockets';

/*
 * A broadcast is a chain of page jobs (decision 009): these tests run the pages with
 * `h.jobs.runDue()` and look at what they left: notifications, mail jobs and mails.
 */
let h: Harness;
let adminId: string;
let verified: Array<{ id: string; email: string; username: string }>;
let audience: number;
let socket: Socket;
let heard: ReturnType<typeof record>;
beforeAll(async () => {
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  adminId = (await buildUser(h, { role: 'admin' })).id;
  verified = await Promise.all(Array.from({ length: 3 }, () => buildUser(h, { role: 'mentor' })));
  // More than one page of mentors, straight into the table (argon2 per user would take minutes);
  // unverified, so that only the three above get mail.
  await h.app.database.db
    .execute(sql`insert into users (username, email, full_name, password_hash, role, roles, email_verified)
    select 'page' || g, 'page' || g || '@example.com', 'Page ' || g, 'x', 'mentor', '{mentor}', false
    from generate_series(1, ${BROADCAST_BATCH + 2}) g`);
  audience = BROADCAST_BATCH + 5;
  const port = (h.app.server.address() as AddressInfo).port;
  socket = openTestSocket(port, { cookie: await login(h, verified[0]!.username), origin: APP_URL });
  heard = record(socket, ['notification:new']);
  await connected(socket);
});
afterAll(async () => {
  socket.disconnect();
  await h.close();
});

const broadcast = (title: string) =>
  h.services.notifications.broadcast(adminId, { title, message: 'Paged', audience: 'mentor' });

async function reach(broadcastId: string) {
  const db = h.app.database.db;
  const [rows] = await db
    .select({ n: count(), people: countDistinct(notifications.userId) })
    .from(notifications)
    .where(eq(notifications.broadcastId, broadcastId));
  const [b] = await db
    .select({ recipients: notificationBroadcasts.recipients })
    .from(notificationBroadcasts)
    .where(eq(notificationBroadcasts.id, broadcastId));
  const pages = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = 'notifications.broadcast-page' and data->>'broadcastId' = ${broadcastId}`,
  );
  return { ...rows!, recipients: b!.recipients, pageJobs: pages.rows[0]!.n };
}

/** A mail job's run ends once the sink holds its mail: after runDue() they are all there. */
async function mailsTo(email: string, subject: string) {
  return h.smtp.mails.filter((m) => m.to.includes(email.toLowerCase()) && m.raw.includes(`Subject: ${subject}`)).length;
}

describe('a broadcast in pages', () => {
  it('commits with its first page job only, and reaches every member once with one notification and one mail', async () => {
    const sent = await broadcast('Page one');
    expect(sent.recipients).toBe(audience);
    expect(await reach(sent.id)).toMatchObject({ n: 0, pageJobs: 1 });
    expect(heard.of('notification:new')).toEqual([]);

    await h.jobs.runDue();
    // A full page, the last five, and the empty one that records the recipients.
    expect(await reach(sent.id)).toEqual({ n: audience, people: audience, recipients: audience, pageJobs: 3 });
    for (const m of verified) expect(await mailsTo(m.email, 'Page one')).toBe(1);
    await heard.next('notification:new');
    expect(heard.of('notification:new')).toEqual([expect.objectContaining({ title: 'Page one' })]);
  });

  it('a page whose job fails once and is retried writes each notification once', async () => {
    const db = h.app.database.db;
    // The first write of a page fails (a sequence is not rolled back with the failed transaction).
    await db.execute(sql`create sequence broadcast_fail_once`);
    await db.execute(sql`create function broadcast_fail_once() returns trigger language plpgsql as $$
      begin if nextval('broadcast_fail_once') = 1 then raise exception 'page failed once'; end if; return null; end $$`);
    await db.execute(
      sql`create trigger broadcast_fail_once before insert on notifications for each statement execute function broadcast_fail_once()`,
    );
    try {
      const sent = await broadcast('Retried page');
      await h.jobs.runDue();
      expect((await reach(sent.id)).n).toBe(0);
      h.clock.advance(60 * 60_000);
      await h.jobs.runDue();
      expect(await reach(sent.id)).toMatchObject({ n: audience, people: audience, recipients: audience });
      for (const m of verified) expect(await mailsTo(m.email, 'Retried page')).toBe(1);
    } finally {
      await db.execute(sql`drop trigger broadcast_fail_once on notifications`);
    }
  });

  it('a page run again after it committed (its job lost its completion) adds nothing and queues nothing twice', async () => {
    const sent = await broadcast('Run twice');
    await h.services.notifications.broadcastPage(sent.id, null);
    await h.services.notifications.broadcastPage(sent.id, null);
    await h.jobs.runDue();
    expect(await reach(sent.id)).toEqual({ n: audience, people: audience, recipients: audience, pageJobs: 3 });
    for (const m of verified) expect(await mailsTo(m.email, 'Run twice')).toBe(1);
  });

  it("a rollback of the admin's transaction enqueues nothing", async () => {
    const db = h.app.database.db;
    await expect(
      transaction(db, async (tx) => {
        await h.services.notifications.broadcast(
          adminId,
          { title: 'Rolled back', message: 'Never', audience: 'mentor' },
          tx,
        );
        throw new Error('the admin action failed');
      }),
    ).rejects.toThrow('the admin action failed');
    expect(await h.jobs.runDue()).toBe(0);
    expect(
      await db.select().from(notificationBroadcasts).where(eq(notificationBroadcasts.title, 'Rolled back')),
    ).toEqual([]);
    expect(await db.select({ n: count() }).from(notifications).where(eq(notifications.title, 'Rolled back'))).toEqual([
      { n: 0 },
    ]);
  });
});
