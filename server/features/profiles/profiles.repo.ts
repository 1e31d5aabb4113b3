import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { profileColumns, profiles, type ProfileRow } from './profiles.table';

export type { ProfileRow } from './profiles.table';
/** The skill links the skills service keeps for this area: services hand it the table, never query it. */
export { userSkills } from './profiles.table';

export type ProfileChanges = Partial<Omit<ProfileRow, 'userId' | 'updatedAt'>>;

export const profilesRepo = {
  async find(db: DbOrTx, userId: string): Promise<ProfileRow | undefined> {
    const [row] = await db.select(profileColumns).from(profiles).where(eq(profiles.userId, userId)).limit(1);
    return row;
  },

  /** Creates the member's row on their first edit, or changes it; row-locked by the write. */
  async upsert(db: DbOrTx, userId: string, changes: ProfileChanges, at: Date): Promise<ProfileRow> {
    const [row] = await db
      .insert(profiles)
      .values({ userId, ...changes, updatedAt: at })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...changes, updatedAt: at } })
      .returning(profileColumns);
    return row!;
  },

  async delete(db: DbOrTx, userId: string): Promise<void> {
    await db.delete(profiles).where(eq(profiles.userId, userId));
  },

  /** Which of these uploads are someone's avatar (garbage collection keeps them). */
  async avatarsAmong(db: DbOrTx, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: profiles.avatarUploadId })
      .from(profiles)
      .where(inArray(profiles.avatarUploadId, ids));
    return rows.map((r) => r.id!);
  },
};
