import { sql, type AnyColumn } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { accountColumns, suspensions, users } from './accounts.table';

/*
 * Accounts as the areas that manage them read them: auth's session lookup and the admin console
 * see every account, hidden and deleted ones included (decision 027), with every column but the
 * password hash. Lint keeps these to accounts, auth and admin; other areas show a person through
 * people() and reach members through members().
 */

const qb = new QueryBuilder();

/** Every account, to join in place of `users` under the name `alias`. */
export function accountRecords(alias: string) {
  return qb.select(accountColumns).from(users).as(alias);
}

/** Every suspension, lifted and ended ones too, under the name `alias`. */
export function suspensionRecords(alias: string) {
  return qb.select().from(suspensions).as(alias);
}

/**
 * Whether a suspension (of any restriction) is in force at `now` for `userId`, a column of the
 * outer query. Wrapped, so that drizzle keeps it qualified even in a select list of one source,
 * where it names columns bare and "id" here would be the suspension's (as person.ts notes).
 */
export const suspendedAt = (userId: AnyColumn, now: Date) =>
  sql<boolean>`exists (select 1 from ${suspensions} where ${suspensions.userId} = ${sql`${userId}`}
    and ${suspensions.liftedAt} is null
    and (${suspensions.endsAt} is null or ${suspensions.endsAt} > ${now}))`;
