import { QueryBuilder } from 'drizzle-orm/pg-core';
import { sessions } from './auth.table';

const qb = new QueryBuilder();

/**
 * Every session, expired ones still kept too, as the admin console counts them (live sessions,
 * active members a day) under the name `alias`: whose and when, never the id's hash, the address
 * or the browser.
 */
export function sessionRecords(alias: string) {
  return qb
    .select({
      userId: sessions.userId,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .as(alias);
}
