import { sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { TRestriction } from '#shared/roles';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { suspensions, users } from './accounts.table';

/*
 * The people a feature's repository may join to show someone (decision 013; the rule that shows
 * them is person.ts). The subquery holds the display columns only, so a feature cannot select the
 * password hash or the email through it.
 */

const qb = new QueryBuilder();

/**
 * The people a feature may show, to join in place of `users` under the name `alias` (two people
 * in one query need two names). Select them with `personColumns`. `nameVector` is the name as
 * searched (a directory's text search), read only where a query filters on it.
 */
export function people(alias: string) {
  return qb
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      avatarUrl: users.avatarUrl,
      role: users.role,
      deletedAt: users.deletedAt,
      nameVector: users.nameVector,
    })
    .from(users)
    .as(alias);
}

export type People = ReturnType<typeof people>;

/**
 * The display columns of a `people()` join and the facts of the rule, to put in a select as one
 * nested object. `now` decides which suspensions are in force: the service's clock, or the
 * placeholder of a prepared statement that is given it at each run.
 */
export function personColumns(p: People, now: Date | Placeholder) {
  const at = sql.param(now, suspensions.endsAt);
  return {
    id: p.id,
    username: p.username,
    fullName: p.fullName,
    avatarUrl: p.avatarUrl,
    role: p.role,
    deleted: sql<boolean>`(${p.deletedAt} is not null)`,
    // IN rather than a correlated EXISTS: drizzle leaves columns unqualified in a query of one
    // source, and inside a subquery over suspensions "id" would be the suspension's.
    hidden: sql<boolean>`(${p.id} in (select ${suspensions.userId} from ${suspensions}
      where ${suspensions.liftedAt} is null
        and (${suspensions.endsAt} is null or ${suspensions.endsAt} > ${at})
        and 'profile_hidden' = any(${suspensions.restrictions})))`,
  };
}

/**
 * Whether a suspension in force closes `area` to the member `userId` (a column or expression of
 * the outer query). Directories leave out members closed to their area, and hide "Message" from
 * members closed to chat (issue 26, decision 057).
 */
export function closedTo(userId: AnyColumn | SQL, area: TRestriction, now: Date | Placeholder) {
  const at = sql.param(now, suspensions.endsAt);
  return sql<boolean>`(${userId} in (select ${suspensions.userId} from ${suspensions}
      where ${suspensions.liftedAt} is null
        and (${suspensions.endsAt} is null or ${suspensions.endsAt} > ${at})
        and ${area} = any(${suspensions.restrictions})))`;
}
