import { and, desc, eq, gt, inArray, isNull, lte, or, sql, type AnyColumn, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { suspensions, users, type SuspensionRow, type UserRow } from './accounts.table';
import { people, personColumns } from './people.repo';
import type { PersonRow } from './person';
import type { TRole, TRestriction } from '#shared/roles';

export type { AccountRow, SuspensionRow, UserRow } from './accounts.table';

export interface NewUser {
  username: string;
  email: string;
  fullName: string;
  passwordHash: string;
  role?: TRole;
  emailVerified?: boolean;
}

const lower = (v: string) => v.toLowerCase();

/**
 * The rule of a suspension in force (not lifted, not past its end; the newest wins) as a query,
 * so that the session lookup can join it as a lateral subquery and keep one statement. `userId`
 * and `now` may be a value, a column of the outer query or a placeholder.
 */
export function activeSuspensionQuery(db: DbOrTx, userId: string | AnyColumn, now: Date | Placeholder) {
  return db
    .select()
    .from(suspensions)
    .where(
      and(
        eq(suspensions.userId, userId),
        isNull(suspensions.liftedAt),
        or(isNull(suspensions.endsAt), gt(suspensions.endsAt, now)),
      ),
    )
    .orderBy(desc(suspensions.createdAt))
    .limit(1);
}

export const accountsRepo = {
  async insert(db: DbOrTx, values: NewUser): Promise<UserRow> {
    // A new member holds exactly their primary role (users_role_held).
    const [row] = await db
      .insert(users)
      .values({ ...values, roles: [values.role ?? 'general'] })
      .returning();
    return row!;
  },

  async findById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  },

  /**
   * By username, case-insensitively. `live` leaves out deleted accounts (sign-in, mail); without
   * it a deleted account still holds its name, as the unique index does.
   */
  async findByUsername(db: DbOrTx, username: string, live = false): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(sql`lower(${users.username}) = ${lower(username)}`, live ? isNull(users.deletedAt) : undefined))
      .limit(1);
    return row;
  },

  /** By email, case-insensitively; `live` as for `findByUsername`. */
  async findByEmail(db: DbOrTx, email: string, live = false): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${lower(email)}`, live ? isNull(users.deletedAt) : undefined))
      .limit(1);
    return row;
  },

  /** Presence bookkeeping, not an edit of the account: updatedAt stays as it was. */
  async setLastSeen(db: DbOrTx, id: string, at: Date): Promise<void> {
    await db.update(users).set({ lastSeenAt: at }).where(eq(users.id, id));
  },

  async lastSeen(db: DbOrTx, id: string): Promise<Date | null> {
    const [row] = await db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, id)).limit(1);
    return row?.at ?? null;
  },

  /** One person's display columns and the facts of the visibility rule, as of `now`. */
  async person(db: DbOrTx, id: string, now: Date): Promise<PersonRow | undefined> {
    const p = people('person');
    const [row] = await db.select(personColumns(p, now)).from(p).where(eq(p.id, id)).limit(1);
    return row;
  },

  timeZones(db: DbOrTx, ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db.select({ id: users.id, timeZone: users.timeZone }).from(users).where(inArray(users.id, ids));
  },

  async update(
    db: DbOrTx,
    id: string,
    values: Partial<Omit<UserRow, 'id' | 'createdAt'>>,
  ): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  },

  /** The suspension in force now, if any: not lifted and not past its end. */
  async activeSuspension(db: DbOrTx, userId: string, now: Date): Promise<SuspensionRow | undefined> {
    const [row] = await activeSuspensionQuery(db, userId, now);
    return row;
  },

  async insertSuspension(
    db: DbOrTx,
    values: {
      userId: string;
      reason: string;
      restrictions: TRestriction[];
      endsAt: Date | null;
      createdBy: string | null;
    },
  ): Promise<SuspensionRow> {
    const [row] = await db.insert(suspensions).values(values).returning();
    return row!;
  },

  async liftSuspensions(db: DbOrTx, userId: string, now: Date, by: string | null = null): Promise<void> {
    await db
      .update(suspensions)
      .set({ liftedAt: now, liftedBy: by })
      .where(and(eq(suspensions.userId, userId), isNull(suspensions.liftedAt)));
  },

  /** Records a suspension's lift at its end, unless it was lifted already or does not end by `now`; answers the ids lifted. */
  liftEnded(db: DbOrTx, suspensionId: string, now: Date) {
    return db
      .update(suspensions)
      .set({ liftedAt: now })
      .where(and(eq(suspensions.id, suspensionId), isNull(suspensions.liftedAt), lte(suspensions.endsAt, now)))
      .returning({ id: suspensions.id });
  },
};
