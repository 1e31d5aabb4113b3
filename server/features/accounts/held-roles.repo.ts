import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import type { TRole } from '#shared/roles';
import { users, type UserRow } from './accounts.table';

/**
 * The roles a member holds (`users.roles`) and the primary one (`users.role`), changed in one
 * statement each so that the check `role = ANY(roles)` holds after every write, and two requests
 * taking roles at once both land.
 */
export const heldRolesRepo = {
  /** Adds `role` to the held roles (once), and makes it the primary one when asked. */
  async grant(db: DbOrTx, id: string, role: TRole, primary: boolean): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({
        roles: sql`case when ${role}::text = any(${users.roles}) then ${users.roles} else array_append(${users.roles}, ${role}::text) end`,
        ...(primary ? { role } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning();
    return row;
  },

  /** Makes a held role primary; undefined when the member does not hold it. */
  async setPrimary(db: DbOrTx, id: string, role: TRole): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(and(eq(users.id, id), sql`${role}::text = any(${users.roles})`))
      .returning();
    return row;
  },

  /**
   * Replaces the held roles (the admin console): the primary one stays when still held, else the
   * first given becomes primary. One statement, so `users_role_held` holds throughout.
   */
  async replace(db: DbOrTx, id: string, roles: TRole[]): Promise<UserRow | undefined> {
    const list = sql`array[${sql.join(
      roles.map((r) => sql`${r}::text`),
      sql`, `,
    )}]::text[]`;
    const [row] = await db
      .update(users)
      .set({
        roles: list,
        role: sql`case when ${users.role} = any(${list}) then ${users.role} else ${roles[0]!}::text end`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning();
    return row;
  },
};
