import { and, asc, eq, gt, inArray, isNull, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import type { TPassportLevel } from '#shared/passport/passport.schemas';
import { people } from '../accounts';
import { skillNames } from '../skills';
import { evidenceParts } from './passport.repo';
import { passportLevels } from './passport.table';

/** One skill's stored public level (decision 079): a skill without public evidence has no row. */
export interface StoredLevel {
  skillId: string;
  level: Exclude<TPassportLevel, 'claimed'>;
  fallsAt: Date | null;
}

export const levelsRepo = {
  /**
   * The member's rows become exactly these. Upserted in skill order, so two transactions writing
   * one member's levels lock the same rows in the same order and the later simply wins.
   */
  async replace(db: DbOrTx, userId: string, levels: StoredLevel[], at: Date): Promise<void> {
    const rows = [...levels].sort((a, b) => (a.skillId < b.skillId ? -1 : 1));
    if (rows.length > 0)
      await db
        .insert(passportLevels)
        .values(rows.map((l) => ({ userId, ...l, updatedAt: at })))
        .onConflictDoUpdate({
          target: [passportLevels.userId, passportLevels.skillId],
          set: { level: sql`excluded.level`, fallsAt: sql`excluded.falls_at`, updatedAt: sql`excluded.updated_at` },
        });
    const gone =
      rows.length > 0
        ? notInArray(
            passportLevels.skillId,
            rows.map((l) => l.skillId),
          )
        : undefined;
    await db.delete(passportLevels).where(and(eq(passportLevels.userId, userId), gone));
  },

  /** Up to `limit` members, after `after` in id order, with a level that decay lowers by `now`. */
  async dueToFall(db: DbOrTx, now: Date, after: string | null, limit: number): Promise<string[]> {
    const rows = await db
      .selectDistinct({ id: passportLevels.userId })
      .from(passportLevels)
      .where(and(lte(passportLevels.fallsAt, now), after ? gt(passportLevels.userId, after) : undefined))
      .orderBy(asc(passportLevels.userId))
      .limit(limit);
    return rows.map((r) => r.id);
  },

  /** Up to `limit` members not deleted, after `after` in id order: the backfill's walk. */
  async membersAfter(db: DbOrTx, after: string | null, limit: number): Promise<string[]> {
    const m = people('m');
    const rows = await db
      .select({ id: m.id })
      .from(m)
      .where(and(isNull(m.deletedAt), after ? gt(m.id, after) : undefined))
      .orderBy(asc(m.id))
      .limit(limit);
    return rows.map((r) => r.id);
  },

  /**
   * Nothing stored yet while some member has evidence: a database from before migration 0041.
   * Members alone are not enough: with no evidence anywhere the walk stores nothing, and it would
   * then walk every member again at each start (decision 087).
   */
  async needsBackfill(db: DbOrTx): Promise<boolean> {
    const result = await db.execute(
      sql`select (not exists (select 1 from ${passportLevels}) and exists (${evidenceParts()})) as needed`,
    );
    const [row] = (Array.isArray(result) ? result : result.rows) as Array<{ needed: boolean }>;
    return Boolean(row?.needed);
  },

  /** These members' stored levels by skill slug, in one statement: what cards show. */
  async levelsBySlug(db: DbOrTx, userIds: string[]): Promise<Map<string, Map<string, StoredLevel['level']>>> {
    const found = new Map(userIds.map((id) => [id, new Map<string, StoredLevel['level']>()]));
    if (userIds.length === 0) return found;
    const s = skillNames('s');
    const rows = await db
      .select({ userId: passportLevels.userId, slug: s.slug, level: passportLevels.level })
      .from(passportLevels)
      .innerJoin(s, eq(s.id, passportLevels.skillId))
      .where(inArray(passportLevels.userId, userIds));
    for (const r of rows) found.get(r.userId)?.set(r.slug, r.level as StoredLevel['level']);
    return found;
  },

  async erase(db: DbOrTx, userId: string): Promise<void> {
    await db.delete(passportLevels).where(eq(passportLevels.userId, userId));
  },
};

/** The levels at or above a filter's floor. */
const FLOOR_LEVELS = { proven: ['proven', 'expert'], expert: ['expert'] } as const;

/** `owner` holds the skill `skill` at `floor` or above, as the public sees it: one primary-key probe. */
export const atLevel = (owner: SQL, skill: SQL, floor: keyof typeof FLOOR_LEVELS): SQL =>
  sql`exists (select 1 from ${passportLevels} pl where pl.user_id = ${owner} and pl.skill_id = ${skill} and pl.level in (${sql.join(
    FLOOR_LEVELS[floor].map((l) => sql`${l}`),
    sql`, `,
  )}))`;
