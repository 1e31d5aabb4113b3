import type { Db, DbOrTx } from '#server/db/client';
import { transaction } from '#server/db/transaction';
import { levelFallsAt, levelOf, type ScoredItem } from './passport-level';
import { evidenceId } from './passport.presenter';
import { evidenceOf, passportRepo } from './passport.repo';
import { levelsRepo, type StoredLevel } from './passport-levels.repo';

/** Members per page of the decay and backfill walks: each is recomputed in its own transaction. */
const PAGE = 200;

/**
 * The stored public levels (decision 079, addendum): what the talent directory tests inside its
 * one statement. A member's rows are recomputed from their evidence, exactly as their public
 * passport scores it (hidden items neither shown nor counted), whenever that evidence changes:
 * the areas say so through the skills area's `evidenceChanged`, in the transaction that changed
 * it. Decay moves levels without any event, so each row keeps when decay would lower it
 * (`falls_at`) and an hourly job recomputes the members whose moment has come.
 */
export function createPassportLevels(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  async function computed(tx: DbOrTx, userId: string, at: Date): Promise<StoredLevel[]> {
    const [rows, hidden] = await Promise.all([evidenceOf(tx, userId), passportRepo.hiddenOf(tx, userId)]);
    const bySkill = new Map<string, ScoredItem[]>();
    for (const r of rows)
      if (!hidden.has(evidenceId(r)))
        bySkill.set(r.skillId, [...(bySkill.get(r.skillId) ?? []), { kind: r.kind, at: r.at, rating: r.rating }]);
    return [...bySkill].map(([skillId, items]) => ({
      skillId,
      level: levelOf(items, at) as StoredLevel['level'],
      fallsAt: levelFallsAt(items, at),
    }));
  }

  /** These members' rows recomputed in `tx`. */
  async function recompute(userIds: string[], tx: DbOrTx = db): Promise<void> {
    const at = now();
    for (const userId of new Set(userIds)) await levelsRepo.replace(tx, userId, await computed(tx, userId, at), at);
  }

  /** Every member `page` answers, page by page in id order, each in a transaction of its own. */
  async function walk(page: (after: string | null) => Promise<string[]>): Promise<number> {
    let [after, done] = [null as string | null, 0];
    for (let ids = await page(after); ids.length > 0; ids = await page(after)) {
      for (const id of ids) await transaction(db, (tx) => recompute([id], tx));
      done += ids.length;
      after = ids.at(-1)!;
    }
    return done;
  }

  return {
    recompute,

    /** The hourly job: members with a level whose decay is due. Answers how many were recomputed. */
    recomputeDue: () => {
      const at = now();
      return walk((after) => levelsRepo.dueToFall(db, at, after, PAGE));
    },

    /** Every member: a database from before the table (the start-up backfill) and the seed. */
    recomputeAll: () => walk((after) => levelsRepo.membersAfter(db, after, PAGE)),

    needsBackfill: () => levelsRepo.needsBackfill(db),

    /** These members' stored levels by skill slug (one statement), for cards of many members. */
    levelsBySlug: (userIds: string[]) => levelsRepo.levelsBySlug(db, userIds),

    /** Account erasure: the member's own rows (their evidence goes with the other areas' erasers). */
    erase: (userId: string, tx: DbOrTx) => levelsRepo.erase(tx, userId),
  };
}

export type PassportLevels = ReturnType<typeof createPassportLevels>;
