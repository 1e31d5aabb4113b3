import { sql, type Placeholder } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { TRole } from '../../../shared/roles';
import { suspensions, users } from './accounts.table';

/*
 * The one way a feature shows a person (docs/decisions/013-showing-a-person.md): join `people()`
 * where a query needs someone's name, and pass what it answers through `presentPerson` with the
 * viewer. The subquery holds the display columns only, so a feature cannot select the password
 * hash or the email through it, and the visibility rule lives here, not in every feature.
 */

/** What shows in place of a member who is hidden or deleted, to everyone but themselves and admins. */
export const FORMER_MEMBER = 'Former member';

/** Who is looking: their id and role, or null for a visitor who is not signed in. */
export type Viewer = { id: string; role: TRole } | null;

/** A person as a query that joined `people()` answers it: display columns and the facts of the rule. */
export interface PersonRow {
  id: string;
  username: string;
  fullName: string;
  avatarUrl: string | null;
  role: TRole;
  /** The account was deleted (users.deleted_at is set). */
  deleted: boolean;
  /** A suspension in force at the query's time closes `profile_hidden`. */
  hidden: boolean;
}

/** A person as answers show them; every feature's person shape is a pick of these fields. */
export interface PersonView {
  id: string;
  username: string;
  fullName: string;
  avatarUrl: string | null;
}

const qb = new QueryBuilder();

/**
 * The people a feature may show, to join in place of `users` under the name `alias` (two people
 * in one query need two names). Select them with `personColumns`. `nameVector` is the name as
 * searched (a directory's text search), read only where a query filters on it.
 */
export function people(alias: string) {
  return qb
    .select({ id: users.id, username: users.username, fullName: users.fullName, avatarUrl: users.avatarUrl, role: users.role, deletedAt: users.deletedAt, nameVector: users.nameVector })
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
 * The rule: a hidden or deleted member is shown as a former member, except to themselves and to
 * admins, who moderate and decide refunds and so must see who they act on. A suspension that
 * does not close `profile_hidden` hides nothing: a member barred from chat still teaches.
 */
export function isShown(person: Pick<PersonRow, 'id' | 'deleted' | 'hidden'>, viewer: Viewer): boolean {
  if (!person.deleted && !person.hidden) return true;
  return viewer !== null && (viewer.role === 'admin' || viewer.id === person.id);
}

/**
 * The person as `viewer` may see them. The placeholder keeps the id, which names nobody and
 * keeps lists keyed, and has no username or avatar: nothing that leads to the member.
 */
export function presentPerson(person: PersonRow, viewer: Viewer): PersonView {
  if (!isShown(person, viewer)) return { id: person.id, username: '', fullName: FORMER_MEMBER, avatarUrl: null };
  return { id: person.id, username: person.username, fullName: person.fullName, avatarUrl: person.avatarUrl };
}
