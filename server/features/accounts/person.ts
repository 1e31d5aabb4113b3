import type { TRole } from '#shared/roles';

/*
 * The one way a feature shows a person (docs/decisions/013-showing-a-person.md): its repository
 * joins `people()` (people.repo.ts) where a query needs someone's name, and the service passes
 * what it answers through `presentPerson` with the viewer. The visibility rule lives here, not in
 * every feature.
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
