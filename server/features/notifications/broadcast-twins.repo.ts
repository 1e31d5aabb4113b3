import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import type { TBroadcastType } from '#shared/notifications/broadcasts.schemas';
import type { TRole } from '#shared/roles';
import { notificationBroadcasts } from './notifications.table';

/** A second identical broadcast by the same admin within this window is the first one again. */
export const BROADCAST_TWIN_SECONDS = 120;

export const broadcastTwinsRepo = {
  /**
   * Serialises one admin's broadcasts until the transaction ends: a double click's two requests
   * take turns, so the second sees the first's row.
   */
  async lockAdmin(db: DbOrTx, adminId: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`broadcast:${adminId}`}))`);
  },

  /** The same admin's identical broadcast sent within the window, if any. */
  async recentTwin(
    db: DbOrTx,
    b: { createdBy: string; type: TBroadcastType; title: string; message: string; link: string | null; roles: TRole[] },
  ) {
    const t = notificationBroadcasts;
    const [row] = await db
      .select({ id: t.id, recipients: t.recipients, type: t.type, roles: t.roles })
      .from(t)
      .where(
        and(
          eq(t.createdBy, b.createdBy),
          eq(t.type, b.type),
          eq(t.title, b.title),
          eq(t.message, b.message),
          b.link === null ? isNull(t.link) : eq(t.link, b.link),
          sql`${t.roles} = ${sql.param(b.roles, t.roles)}`,
          // The row's time is the database's (its default), so the window is too.
          gt(t.createdAt, sql`now() - make_interval(secs => ${BROADCAST_TWIN_SECONDS})`),
        ),
      )
      .orderBy(desc(t.createdAt))
      .limit(1);
    return row;
  },
};
