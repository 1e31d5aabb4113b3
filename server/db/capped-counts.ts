import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { COUNT_CAP, type Cursor } from './paging';

/**
 * Lists whose count passed COUNT_CAP lately, so that their next pages leave the count out
 * (decision 099). A list page counts its matches up to COUNT_CAP + 1 in the same statement; for a
 * common word at national scale that count reads about 33,000 entries of the words' index and
 * 10,001 rows, most of the page's cost, to answer what the last page said already: "10,000+".
 * LinkedIn and Google show the same "about"/"+" totals for large result sets.
 *
 * Only a count that passed the cap is kept, and for a minute: a list of 10,000+ matches does not
 * fall under the cap within a minute but by thousands of closures; a smaller count is exact and
 * cheap, and is always counted again. Kept per process and per database handle (tests open many
 * databases in one process), at most MAX_KEYS lists, the oldest forgotten first.
 */
export const CAPPED_COUNT_TTL_MS = 60_000;
const MAX_KEYS = 1_000;

const byDatabase = new WeakMap<object, Map<string, number>>();

export interface CountPlan {
  /** The count passed the cap within the last minute: boundedPage may leave it out (`countKnown`). */
  skip: boolean;
  /** Keeps (past the cap) or forgets (under it) the total this page answered. */
  saw(total: number): void;
}

/**
 * The count plan of one list page. `key` names the list and every filter that decides its
 * matches (never the viewer, the page or the cursor); undefined when a filter cannot be named
 * (a time window that moves with the clock), and the page counts as before. `now` is the
 * request's clock (the app's, which tests move), in milliseconds.
 */
export function countPlan(db: object, key: string | undefined, now: number): CountPlan {
  if (key === undefined) return { skip: false, saw: () => undefined };
  let lists = byDatabase.get(db);
  if (!lists) byDatabase.set(db, (lists = new Map()));
  const known = lists;
  const at = known.get(key);
  // A clock moved back (a test's, or the machine's) does not keep a count for longer.
  const skip = at !== undefined && now >= at && now - at < CAPPED_COUNT_TTL_MS;
  return {
    skip,
    saw(total) {
      if (skip) return;
      known.delete(key);
      if (total <= COUNT_CAP) return;
      known.set(key, now);
      if (known.size > MAX_KEYS) known.delete(known.keys().next().value!);
    },
  };
}

/** The page a list answered, as countPastEnd needs it. */
interface AnsweredPage {
  rows: number;
  offset: number;
  cursor?: Cursor | null;
  counts: CountPlan;
}

/**
 * The capped count of a page past the end of its list (no rows, asked by a page number or a
 * cursor): such a page has no row to carry the count, so it is counted alone. Null otherwise,
 * and when the count plan knows the list is past the cap: pageAnswer's `counted`.
 */
export async function countPastEnd(
  db: DbOrTx,
  page: AnsweredPage,
  matches: () => { from: SQL; where: SQL; with?: SQL },
): Promise<number | null> {
  if (page.rows > 0 || (page.offset === 0 && !page.cursor) || page.counts.skip) return null;
  const { from, where, with: withCte } = matches();
  const { rows } = await db.execute(
    sql`${withCte ? sql`with ${withCte} ` : sql``}select count(*)::int as n from (select 1 from ${from} where ${where} limit ${COUNT_CAP + 1}) c`,
  );
  return Number((rows[0] as { n: number } | undefined)?.n ?? 0);
}
