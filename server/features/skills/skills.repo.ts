import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import type { TSkillRef } from '#shared/skills/skills.schemas';
import type { SkillLinkTable } from './skill-links.table';
import { skills, type SkillRow } from './skills.table';

export type { SkillLinkTable } from './skill-links.table';

/** `%`, `_` and `\` typed by a member match themselves, not anything. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const skillsRepo = {
  /**
   * Skills whose name, slug or a synonym starts with `q`, accents and case aside (Yoru finds
   * Yorùbá), best first: an exact name, slug or synonym; then a name, slug or synonym that starts
   * with it; then a word inside the name (dev finds Web development); shorter names first within
   * each. The vocabulary is a few thousand rows at most, so a scan is cheaper than an index.
   */
  async search(db: DbOrTx, q: string, limit: number): Promise<TSkillRef[]> {
    const prefix = `${likeEscape(q)}%`;
    const folded = sql`unaccent(lower(${q}))`;
    const starts = sql`unaccent(lower(${prefix}))`;
    const name = sql`unaccent(lower(${skills.name}))`;
    const rank = sql<number>`case
      when ${name} = ${folded} or ${skills.slug} = ${folded} or ${folded} = any(${skills.synonyms}) then 0
      when ${name} like ${starts} then 1
      when ${skills.slug} like ${starts} then 2
      when exists (select 1 from unnest(${skills.synonyms}) as syn(term) where unaccent(syn.term) like ${starts}) then 3
      when ' ' || regexp_replace(${name}, '[^a-z0-9]+', ' ', 'g') like '% ' || ${starts} then 4
    end`;
    const ranked = db
      .$with('ranked')
      .as(db.select({ slug: skills.slug, name: skills.name, rank: rank.as('rank') }).from(skills));
    return db
      .with(ranked)
      .select({ slug: ranked.slug, name: ranked.name })
      .from(ranked)
      .where(sql`${ranked.rank} is not null`)
      .orderBy(asc(ranked.rank), sql`length(${ranked.name})`, asc(ranked.name))
      .limit(limit);
  },

  async bySlugs(db: DbOrTx, slugs: string[]): Promise<Array<{ id: string; slug: string; name: string }>> {
    if (slugs.length === 0) return [];
    return db
      .select({ id: skills.id, slug: skills.slug, name: skills.name })
      .from(skills)
      .where(inArray(skills.slug, slugs));
  },

  /** A skill a proposal duplicates: the same slug, or a name or synonym that folds to it. */
  async findDuplicate(db: DbOrTx, slug: string, folded: string): Promise<SkillRow | undefined> {
    const [row] = await db
      .select()
      .from(skills)
      .where(
        sql`${skills.slug} = ${slug} or unaccent(lower(${skills.name})) = ${folded}
          or ${folded} = any(${skills.synonyms}) or ${slug} = any(${skills.synonyms})`,
      )
      .orderBy(sql`${skills.slug} = ${slug} desc`)
      .limit(1);
    return row;
  },

  /** Inserts unless the slug exists (two members proposing at once): then the row that won. */
  async insertOrGet(
    db: DbOrTx,
    values: { slug: string; name: string; createdBy: string },
  ): Promise<{ row: SkillRow; created: boolean }> {
    const [row] = await db.insert(skills).values(values).onConflictDoNothing({ target: skills.slug }).returning();
    if (row) return { row, created: true };
    const [existing] = await db.select().from(skills).where(eq(skills.slug, values.slug)).limit(1);
    return { row: existing!, created: false };
  },

  /** Replaces an owner's links in `table` with these skills, in this order. */
  async setLinks(db: DbOrTx, table: SkillLinkTable, ownerId: string, skillIds: string[]): Promise<void> {
    await db.delete(table).where(eq(table.ownerId, ownerId));
    if (skillIds.length === 0) return;
    await db.insert(table).values(skillIds.map((skillId, position) => ({ ownerId, skillId, position })));
  },

  async linksOf(
    db: DbOrTx,
    table: SkillLinkTable,
    ownerIds: string[],
  ): Promise<Array<{ ownerId: string } & TSkillRef>> {
    if (ownerIds.length === 0) return [];
    return db
      .select({ ownerId: table.ownerId, slug: skills.slug, name: skills.name })
      .from(table)
      .innerJoin(skills, eq(skills.id, table.skillId))
      .where(inArray(table.ownerId, ownerIds))
      .orderBy(table.ownerId, table.position);
  },

  /** Skills a member proposed, for their data export. */
  async proposedBy(db: DbOrTx, userId: string): Promise<SkillRow[]> {
    return db.select().from(skills).where(eq(skills.createdBy, userId)).orderBy(skills.createdAt);
  },

  async forgetCreator(db: DbOrTx, userId: string): Promise<void> {
    await db.update(skills).set({ createdBy: null }).where(eq(skills.createdBy, userId));
  },
};
