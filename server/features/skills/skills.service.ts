import type { Db, DbOrTx } from '#server/db/client';
import { AppError } from '#server/lib/errors';
import { provenFirst, type TLeveledSkill, type TPassportLevel } from '#shared/passport/passport.schemas';
import { SKILL_SEARCH_LIMIT, foldSkillText, skillSlug, type TSkillRef } from '#shared/skills/skills.schemas';
import { nobodyAtLevel, type LevelTest } from './skill-sql.repo';
import { skillsRepo, type SkillLinkTable } from './skills.repo';

/**
 * The one skills vocabulary, for every area (decision 017). An area keeps a join table made with
 * `skillLinks` and uses `setLinks` to save what a member chose (slugs in, a 400 naming unknown
 * ones) and `linksOf` to answer them as `{ slug, name }`.
 */
/**
 * Members' skills at the level the public sees on their passport (decisions 072 and 079): what
 * the passport hands the areas that list people, and what they tell it when evidence changes.
 */
export interface SkillLevels {
  /** Each member's skills with their public levels; members without any map to []. */
  levelsOf(userIds: string[]): Promise<Map<string, TLeveledSkill[]>>;
  /**
   * Each member's stored level by skill slug (skills below learning absent), in one statement:
   * what a page of cards shows. Scoring twenty members live took three statements each (decision 087).
   */
  storedLevels(userIds: string[]): Promise<Map<string, Map<string, Exclude<TPassportLevel, 'claimed'>>>>;
  /** The evidence of these members changed (a course completed, a gig rated, a hire): their stored levels follow, in `tx`. */
  evidenceChanged(userIds: string[], tx: DbOrTx): Promise<void>;
  /** The level test for a list's one statement (the talent directory's `level`). */
  atLevel: LevelTest;
}

/** Without the passport (a test app of some areas only) skills carry no level and nobody is proven. */
const NO_LEVELS: SkillLevels = {
  levelsOf: async (ids) => new Map(ids.map((id) => [id, []])),
  storedLevels: async (ids) => new Map(ids.map((id) => [id, new Map()])),
  evidenceChanged: async () => {},
  atLevel: nobodyAtLevel,
};

export function createSkillsService(deps: { db: Db }) {
  const { db } = deps;
  let levels = NO_LEVELS;

  /** The ids of these slugs, in their order; a 400 on `field` naming every slug not in the vocabulary. */
  async function resolveSlugs(slugs: string[], tx: DbOrTx = db, field = 'skills'): Promise<string[]> {
    const rows = await skillsRepo.bySlugs(tx, [...new Set(slugs)]);
    const bySlug = new Map(rows.map((r) => [r.slug, r.id]));
    const unknown = slugs.filter((s) => !bySlug.has(s));
    if (unknown.length > 0) {
      const message = `Unknown skill${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Choose skills from the list or add them as new.`;
      throw new AppError('VALIDATION_FAILED', message, { [field]: message });
    }
    return slugs.map((s) => bySlug.get(s)!);
  }

  /** Each owner's skills in the order chosen; owners without any map to []. */
  async function linksOf(
    table: SkillLinkTable,
    ownerIds: string[],
    tx: DbOrTx = db,
  ): Promise<Map<string, TSkillRef[]>> {
    const found = new Map<string, TSkillRef[]>(ownerIds.map((id) => [id, []]));
    for (const { ownerId, slug, name } of await skillsRepo.linksOf(tx, table, [...new Set(ownerIds)]))
      found.get(ownerId)!.push({ slug, name });
    return found;
  }

  return {
    resolveSlugs,
    linksOf,
    /** The passport hands in its levels once every area is built (its `skillLevels` contribution). */
    useLevels(given: SkillLevels) {
      levels = given;
    },
    /** Each member's passport skills with their public levels. */
    levelsOf: (userIds: string[]) => levels.levelsOf([...new Set(userIds)]),
    /** Call in the transaction that changed these members' evidence: their passport levels follow. */
    evidenceChanged: (userIds: string[], tx: DbOrTx) => levels.evidenceChanged([...new Set(userIds)], tx),
    /** The passport's level test, for a list's one statement (the talent directory's `level`). */
    atLevel: ((owner, skill, floor) => levels.atLevel(owner, skill, floor)) satisfies LevelTest,
    /**
     * Lists of skills, each of one member (`owners[i]`), with that member's levels, proven first:
     * talent cards and the mentor directory.
     */
    async leveled(owners: string[], lists: TSkillRef[][]): Promise<TLeveledSkill[][]> {
      const found = await levels.storedLevels([...new Set(owners)]);
      return lists.map((list, i) => {
        const held = found.get(owners[i]!);
        return provenFirst(list.map((s) => ({ ...s, level: held?.get(s.slug) ?? 'claimed' })));
      });
    },
    /**
     * Slug lists an area keeps as text (mentor expertise) as `{ slug, name }`, each in its order,
     * in one query; a slug no longer in the vocabulary keeps itself as its name.
     */
    async refsOf(lists: string[][], tx: DbOrTx = db): Promise<TSkillRef[][]> {
      const names = new Map((await skillsRepo.bySlugs(tx, [...new Set(lists.flat())])).map((r) => [r.slug, r.name]));
      return lists.map((slugs) => slugs.map((slug) => ({ slug, name: names.get(slug) ?? slug })));
    },
    /** Replaces an owner's skills with these slugs (validated by resolveSlugs); run it in the saving transaction. */
    async setLinks(
      table: SkillLinkTable,
      ownerId: string,
      slugs: string[],
      tx: DbOrTx,
      field = 'skills',
    ): Promise<void> {
      await skillsRepo.setLinks(tx, table, ownerId, await resolveSlugs(slugs, tx, field));
    },
    /** One owner's skills. */
    async skillsOf(table: SkillLinkTable, ownerId: string, tx: DbOrTx = db): Promise<TSkillRef[]> {
      return (await linksOf(table, [ownerId], tx)).get(ownerId)!;
    },
    /** The typeahead: at most SKILL_SEARCH_LIMIT skills, best first; nothing for an empty query. */
    async search(q: string): Promise<TSkillRef[]> {
      const query = q.trim();
      return query ? skillsRepo.search(db, query, SKILL_SEARCH_LIMIT) : [];
    },
    /**
     * A member's new skill, lower-cased; an existing skill of the same slug, or whose name or a
     * synonym is the proposed name, is answered instead (`created: false`).
     */
    async propose(userId: string, name: string): Promise<{ skill: TSkillRef; created: boolean }> {
      const slug = skillSlug(name);
      if (!slug) {
        const message = 'A skill name needs letters or digits';
        throw new AppError('VALIDATION_FAILED', message, { name: message });
      }
      const duplicate = await skillsRepo.findDuplicate(db, slug, foldSkillText(name));
      if (duplicate) return { skill: { slug: duplicate.slug, name: duplicate.name }, created: false };
      const { row, created } = await skillsRepo.insertOrGet(db, { slug, name: name.toLowerCase(), createdBy: userId });
      return { skill: { slug: row.slug, name: row.name }, created };
    },
    /** The skills a member added to the vocabulary, for their data export (the rows stay: others may use them). */
    async proposedBy(
      userId: string,
      tx: DbOrTx = db,
    ): Promise<Array<{ slug: string; name: string; createdAt: string }>> {
      return (await skillsRepo.proposedBy(tx, userId)).map((r) => ({
        slug: r.slug,
        name: r.name,
        createdAt: r.createdAt.toISOString(),
      }));
    },
    /** Unlinks a member from the skills they added (account erasure); the skills stay for everyone. */
    forgetCreator: (userId: string, tx: DbOrTx = db) => skillsRepo.forgetCreator(tx, userId),
  };
}

export type SkillsService = ReturnType<typeof createSkillsService>;
