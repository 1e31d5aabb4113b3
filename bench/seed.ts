import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { sessions } from '#server/features/auth/auth.table';
import { hashToken, newToken } from '#server/lib/tokens';

const SESSION_MS = 6 * 3_600_000;

/**
 * `n` verified members with a live session each, written straight into the tables: logging in
 * 1,000 users through argon2 would take minutes of the server's core.
 */
export async function seedMembers(db: Db, n: number, prefix: string): Promise<{ ids: string[]; cookies: string[] }> {
  const result = await db.execute(sql`
    insert into users (username, email, full_name, password_hash, role, email_verified)
    select ${prefix} || g, ${prefix} || g || '@example.com', 'Bench ' || g, 'x', 'general', true
    from generate_series(1, ${n}::int) g
    returning id`);
  const ids = (result.rows as Array<{ id: string }>).map((r) => r.id);
  const tokens = ids.map(() => newToken());
  const expiresAt = new Date(Date.now() + SESSION_MS);
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .insert(sessions)
      .values(
        ids
          .slice(i, i + 500)
          .map((userId, j) => ({ idHash: hashToken(tokens[i + j]!), userId, expiresAt, userAgent: 'bench', ip: null })),
      );
  }
  return { ids, cookies: tokens.map((t) => `sid=${t}`) };
}

/**
 * Notifications number `from`..`to` of one user, one second apart, one in ten unread: a
 * realistic inbox where most things have been seen.
 */
export async function seedInbox(db: Db, userId: string, from: number, to: number): Promise<void> {
  await db.execute(sql`
    insert into notifications (user_id, type, title, message, link, is_read, created_at)
    select ${userId}::uuid, 'chat_message', 'New message ' || g, 'You have a new message in conversation ' || g,
           '/chat', g % 10 <> 0, now() - g * interval '1 second'
    from generate_series(${from}::int, ${to}::int) g`);
}

/** `users` other members with `each` notifications apiece, in one INSERT ... SELECT. */
export async function seedOthers(db: Db, users: number, each: number): Promise<void> {
  await db.execute(sql`
    insert into users (username, email, full_name, password_hash, role, email_verified)
    select 'bench-other-' || g, 'bench-other-' || g || '@example.com', 'Other ' || g, 'x', 'general', true
    from generate_series(1, ${users}::int) g`);
  await db.execute(sql`
    insert into notifications (user_id, type, title, message, link, is_read, created_at)
    select u.id, 'gig_posted', 'New gig ' || g, 'A gig matching your skills was posted: number ' || g,
           '/gigs', g % 10 <> 0, now() - g * interval '1 second'
    from users u cross join generate_series(1, ${each}::int) g
    where u.username like 'bench-other-%'`);
}

/**
 * What a server does on its own some time after a bulk load, done now so that it does not run
 * during the measurement: vacuum and analyze (PGlite has no autovacuum), then a checkpoint, so
 * that PostgreSQL is not writing a gigabyte of dirty pages while the load runs.
 */
export async function settle(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze notifications`);
  await db.execute(sql`analyze users`);
  await db.execute(sql`checkpoint`);
}
