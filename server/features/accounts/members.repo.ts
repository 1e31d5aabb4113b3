import { isNull } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { users } from './accounts.table';

const qb = new QueryBuilder();

/**
 * The members a feature may reach in bulk (notifications, broadcasts, their mail), to join in
 * place of `users` under the name `alias`: every account not deleted, with what reaching them
 * needs and no password hash. A member's own address and name are for mail to that member only;
 * showing someone to others goes through `people.repo.ts`.
 */
export function members(alias: string) {
  return qb
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      role: users.role,
      roles: users.roles,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(isNull(users.deletedAt))
    .as(alias);
}
