import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { AppError } from '#server/lib/errors';
import type { CountPlan } from './capped-counts';

/**
 * Search at scale (decision 082): a list page picks its ids without visiting every match.
 *
 * - **The count stops at COUNT_CAP + 1 matches**: `total` is exact up to COUNT_CAP and is
 *   COUNT_CAP beyond (the answer's `totalCapped` says so).
 * - **Relevance ranks a bounded candidate set**: the newest CANDIDATES matches (or, for words
 *   given as `match`, every match among the newest WALK rows when they hold at least
 *   WALKED_ENOUGH) are ordered by the list's relevance keys; every older match follows them,
 *   newest first. With fewer matches than WALKED_ENOUGH this is the old order exactly.
 * - **Keyset paging** (`cursor`): a cursor freezes the newest match of the first page (`top`),
 *   so rows inserted later never shift the pages, and continues after the last row it was given:
 *   among the candidates by position (they are few), past them by (recency, id) through an index.
 */
export const COUNT_CAP = 10_000;
export const CANDIDATES = 1_000;
/** How many of the newest rows the candidates are first looked for in (decision 085). */
export const WALK = 5 * CANDIDATES;
/**
 * A walk that found at least this many matches gives the candidates: every match among the
 * newest WALK rows. Fewer, and the newest CANDIDATES matches come through the words' index,
 * which reads every match and sorts them: a word in a sixth of 100,000 talents cost 80 ms a page
 * that way (decision 099). Half a candidate set still ranks hundreds of the newest matches.
 */
export const WALKED_ENOUGH = CANDIDATES / 2;

/** Where the next page starts. Opaque to clients: base64url of this JSON. */
export interface Cursor {
  /** The newest row (recency as ISO text, id) that the first page could see. */
  top: [string, string];
  /** Rows of the candidate set already given (relevance orders), or of the list by offset (other orders). */
  n: number;
  /** Past the candidates: the last row given (recency, id). */
  after?: [string, string];
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isKey = (k: unknown): k is [string, string] =>
  Array.isArray(k) &&
  k.length === 2 &&
  typeof k[0] === 'string' &&
  ISO.test(k[0]) &&
  typeof k[1] === 'string' &&
  UUID.test(k[1]);

export const encodeCursor = (c: Cursor): string => Buffer.from(JSON.stringify(c)).toString('base64url');

/** The cursor, or null when it is not one of ours (the route answers 400). */
export function decodeCursor(raw: string): Cursor | null {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (!isKey(c.top) || !Number.isInteger(c.n) || c.n! < 0 || c.n! > 1_000_000) return null;
    if (c.after !== undefined && !isKey(c.after)) return null;
    return { top: c.top, n: c.n!, ...(c.after ? { after: c.after } : {}) };
  } catch {
    return null;
  }
}

/** A value given now, or a prepared statement's placeholder (the catalogue prepares its statements). */
export type Bound<T> = T | Placeholder;

/** What boundedPage reads of a cursor: its values, or placeholders standing in for them. */
export interface CursorKeys {
  top: [Bound<string>, Bound<string>];
  n: Bound<number>;
  after?: [Bound<string>, Bound<string>];
}

export interface BoundedList {
  /** `from … join …` of the list, without WHERE. */
  from: SQL;
  /** A CTE `from` refers to (the parsed words: search.searchSource's `cte`), computed once for the statement. */
  with?: SQL;
  /** Every filter, and the words' match unless `match` gives it apart. */
  where: SQL;
  /**
   * The words' match apart from `where`: the newest candidates are then first looked for among
   * the newest WALK rows by the recency index, where a common word fills them, and through the
   * words' own index only when those rows hold too few (a rare word). The planner cannot choose
   * between the two itself: the words are a parameter, so it guesses 0.5 % of rows match.
   */
  match?: SQL;
  /** The row's id and its recency (a timestamp column), both qualified. */
  id: SQL;
  recency: SQL;
  /**
   * The relevance keys ranking the candidates (values and their directions), or null when the
   * list's order is recency alone. `other` instead: an order of stored columns, paged by offset.
   */
  rank: Array<{ value: SQL; dir: string }> | null;
  other?: SQL[];
  limit: Bound<number>;
  offset: Bound<number>;
  cursor: CursorKeys | null;
  /** The count passed the cap lately (capped-counts.ts): left out, and `full_count` is null. */
  countKnown?: boolean;
}

/** One row of boundedPage(): the page's ids in order, the capped count and the keys for the next cursor. */
export interface PageRow {
  page_id: string;
  rn: number | string;
  tier: number;
  recency: string;
  full_count: number;
  top_recency: string | null;
  top_id: string | null;
}

const key = (recency: SQL, id: SQL, k: [Bound<string>, Bound<string>], op: '<=' | '<') =>
  sql`(${recency}, ${id}) ${sql.raw(op)} (${k[0]}::timestamptz, ${k[1]}::uuid)`;
/** Microseconds kept: a JavaScript Date would cut them and a keyset would skip rows. */
const iso = (t: SQL) => sql`to_char(${t} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The statement that picks a page's ids in order (`page_id`, `rn`) with the capped count and
 * the keys for the next cursor; the repo joins its display columns to it.
 */
export function boundedPage(l: BoundedList): SQL {
  const c = l.cursor;
  const filters = c ? sql`(${l.where}) and ${key(l.recency, l.id, c.top, '<=')}` : l.where;
  const where = l.match ? sql`${filters} and (${l.match})` : filters;
  const newest = sql`${l.recency} desc, ${l.id} desc`;
  const count = l.countKnown
    ? sql`null::int`
    : sql`(select count(*)::int from (select 1 from ${l.from} where ${where} limit ${COUNT_CAP + 1}) counted)`;
  const topRow = c
    ? sql`${c.top[0]}::text as top_recency, ${c.top[1]}::text as top_id`
    : sql`(select ${iso(l.recency)} from ${l.from} where ${where} order by ${newest} limit 1) as top_recency,
          (select ${l.id}::text from ${l.from} where ${where} order by ${newest} limit 1) as top_id`;
  const skip = c ? c.n : l.offset;
  const tail = sql`${count} as full_count, ${topRow}`;
  const withs = l.with ? sql`with ${l.with} ` : sql``;
  if (l.rank === null || l.other) {
    // Recency alone is a keyset walk; another order of stored columns pages by offset.
    const order = l.other ? sql.join([...l.other, newest], sql`, `) : newest;
    const after = !l.other && c?.after ? sql` and ${key(l.recency, l.id, c.after, '<')}` : sql``;
    const keyset = !l.other && c?.after;
    const offset: Bound<number> = keyset ? 0 : skip;
    // row_number() counts before OFFSET skips: the position itself, or (past a keyset) after the rows given.
    const before: Bound<number> = keyset && c ? c.n : 0;
    return sql`${withs}select x.page_id, x.rn, 1 as tier, x.recency, ${tail}
      from (select ${l.id} as page_id, ${iso(l.recency)} as recency, ${before}::bigint + row_number() over (order by ${order}) as rn
            from ${l.from} where ${where}${after} order by ${order} limit ${l.limit} offset ${offset}) x order by x.rn`;
  }
  if (c?.after && l.match) return pastCandidatesByCursor(l, c as CursorKeys & { after: CursorKeys['top'] }, tail);
  // The candidates ranked by relevance; then older matches, newest first.
  const keys = l.rank.map((k, i) => sql`${k.value} as ${sql.raw(`k${i}`)}`);
  const ranked = sql.join(
    [...l.rank.map((k, i) => sql.raw(`k${i} ${k.dir}`)), sql.raw('recency desc, id desc')],
    sql`, `,
  );
  const inCandidates = !c?.after;
  const past = c?.after ? sql` and ${key(l.recency, l.id, c.after, '<')}` : sql``;
  // In SQL rather than JavaScript, so that `skip` may be a placeholder. The candidates number
  // CANDIDATES, or fewer when a walk found at least WALKED_ENOUGH (or when fewer match at all).
  const candidates = sql`(select count(*) from cand)`;
  const pastOffset = inCandidates ? sql`greatest(${skip}::bigint - ${candidates}, 0)` : sql`0`;
  // row_number() counts the rows OFFSET skips too: past the candidates it starts after them.
  const startRn = inCandidates ? sql`${candidates}::bigint` : sql`${c!.n}::bigint`;
  // Past the candidates only when they cannot fill the page: a one-time filter, else the older
  // matches were sorted for every first page and thrown away (60 ms of 167 on a common word).
  const needed = inCandidates ? sql` and ${skip}::bigint + ${l.limit} > ${candidates}` : sql``;
  // The newest match is the newest candidate: no walk of the index for a rare word.
  const newestCand = 'from cand order by recency desc, id desc limit 1';
  const candTop = c
    ? topRow
    : sql`(select ${iso(sql`recency`)} ${sql.raw(newestCand)}) as top_recency, (select id::text ${sql.raw(newestCand)}) as top_id`;
  const enough = sql.raw(String(WALKED_ENOUGH));
  const candIds = l.match
    ? sql`walked as materialized (
        select w.id from (
          select ${l.id} as id, ${l.recency} as recency, (${l.match}) as hit from ${l.from} where ${filters}
          order by ${newest} limit ${WALK} offset 0) w
        where w.hit order by w.recency desc, w.id desc limit ${CANDIDATES}
      ),
      cand_ids as (
        select id from walked where (select count(*) from walked) >= ${enough}
        union all
        (select ${l.id} from ${l.from} where ${where} and (select count(*) from walked) < ${enough}
          order by ${newest} limit ${CANDIDATES})
      )`
    : sql`cand_ids as (select ${l.id} as id from ${l.from} where ${where} order by ${newest} limit ${CANDIDATES})`;
  return sql`with ${l.with ? sql`${l.with}, ` : sql``}${candIds},
    cand as (
      select id, recency, row_number() over (order by ${ranked}) as rn from (
        select ${l.id} as id, ${l.recency} as recency, ${sql.join(keys, sql`, `)}
        from ${l.from} where ${l.id} in (select id from cand_ids)) k
    ),
    edge as (select recency, id from cand order by recency asc, id asc limit 1),
    picked as (
      (select id, rn, 0 as tier, recency from cand where ${inCandidates ? sql`rn > ${skip}::bigint` : sql`false`} order by rn limit ${l.limit})
      union all
      (select ${l.id}, ${startRn} + row_number() over (order by ${newest}), 1, ${l.recency} from ${l.from}
        where ${where}${past} and (${l.recency}, ${l.id}) < (select recency, id from edge)${needed}
        order by ${newest} limit ${l.limit} offset ${pastOffset})
    )
    select p.id as page_id, p.rn, p.tier, ${iso(sql`p.recency`)} as recency, ${count} as full_count, ${candTop}
    from picked p order by p.tier, p.rn limit ${l.limit}`;
}

/**
 * A page past the candidates, asked by cursor, of a list searched with words (decision 095): the
 * next matches by recency after the cursor's row, which is older than every candidate, so the
 * candidates are not looked for again. Walked along the recency index like the candidates (a
 * common word fills the page within a few dozen rows), through the words' index only when the
 * walk holds too few (a rare word, the last page): the planner, guessing 0.5 % of rows match,
 * otherwise read every match from the words' index and sorted them (120 ms at 33,333 matches).
 */
function pastCandidatesByCursor(l: BoundedList, c: CursorKeys & { after: CursorKeys['top'] }, tail: SQL): SQL {
  const newest = sql`${l.recency} desc, ${l.id} desc`;
  const filters = sql`(${l.where}) and ${key(l.recency, l.id, c.top, '<=')} and ${key(l.recency, l.id, c.after, '<')}`;
  const walkedAll = sql`(select count(*) from walked) = ${l.limit}`;
  return sql`with ${l.with ? sql`${l.with}, ` : sql``}walked as materialized (
      select w.id, w.recency from (
        select ${l.id} as id, ${l.recency} as recency, (${l.match}) as hit from ${l.from} where ${filters}
        order by ${newest} limit ${WALK} offset 0) w
      where w.hit order by w.recency desc, w.id desc limit ${l.limit}
    ),
    found as (
      select id, recency from walked where ${walkedAll}
      union all
      (select ${l.id}, ${l.recency} from ${l.from} where ${filters} and (${l.match}) and not ${walkedAll}
        order by ${newest} limit ${l.limit})
    )
    select f.id as page_id, ${c.n}::bigint + row_number() over (order by f.recency desc, f.id desc) as rn, 1 as tier,
      ${iso(sql`f.recency`)} as recency, ${tail}
    from found f order by rn limit ${l.limit}`;
}

/** The cursor after a page's last row, or null on the last page. */
export function nextCursor(rows: PageRow[], limit: number, total: number, given: Cursor | null): string | null {
  const last = rows.at(-1);
  if (!last || rows.length < limit) return null;
  const n = Number(last.rn);
  if (n >= total && total < COUNT_CAP) return null;
  const top: [string, string] | null =
    given?.top ?? (last.top_recency && last.top_id ? [last.top_recency, last.top_id] : null);
  if (!top) return null;
  return encodeCursor({
    top,
    n,
    ...(Number(last.tier) === 1 ? { after: [last.recency, last.page_id] as [string, string] } : {}),
  });
}

/** A `cursor` query parameter read for a list, or the same 400 as any invalid parameter. */
export function cursorParam(raw: string | undefined): Cursor | null {
  if (raw === undefined) return null;
  const c = decodeCursor(raw);
  if (!c) {
    const message = 'This cursor is not one this list gave: start again from the first page';
    throw new AppError('VALIDATION_FAILED', message, { cursor: message });
  }
  return c;
}

/** boundedPage's row as one JSON column, selected beside a list's display columns from `(boundedPage(…)) as page`. */
export const pageRowJson = sql<unknown>`json_build_object('page_id', "page"."page_id", 'rn', "page"."rn", 'tier', "page"."tier", 'recency', "page"."recency", 'full_count', "page"."full_count", 'top_recency', "page"."top_recency", 'top_id', "page"."top_id")`;

/** JSON from either driver (node-postgres parses it, PGlite may hand it over as text). */
export const readPageRow = (value: unknown): PageRow =>
  (typeof value === 'string' ? JSON.parse(value) : value) as PageRow;

/**
 * A list answer's `total`, `totalCapped` and `nextCursor`; `counted` is countPastEnd's answer when
 * it ran. With a count plan, a count left out reads as past the cap, and the total is kept for
 * the list's next pages.
 */
export function pageAnswer(
  paged: PageRow[],
  counted: number | null,
  limit: number,
  cursor: Cursor | null,
  plan?: CountPlan,
) {
  const total = counted ?? (plan?.skip ? COUNT_CAP + 1 : Number(paged[0]?.full_count ?? 0));
  plan?.saw(total);
  return {
    total: Math.min(total, COUNT_CAP),
    totalCapped: total > COUNT_CAP,
    nextCursor: nextCursor(paged, limit, total, cursor),
  };
}

/**
 * A cursor as placeholders of a prepared statement: `shape` goes into the statement's key (no
 * cursor, inside the candidates, past them), `params` are the values for this request.
 */
export function cursorPlaceholders(c: Cursor | null): {
  shape: 'first' | 'within' | 'after';
  keys: CursorKeys | null;
  params: Record<string, string | number>;
} {
  if (!c) return { shape: 'first', keys: null, params: {} };
  const p = sql.placeholder;
  const top: [Placeholder, Placeholder] = [p('cursorTopAt'), p('cursorTopId')];
  const params = { cursorTopAt: c.top[0], cursorTopId: c.top[1], cursorN: c.n };
  if (!c.after) return { shape: 'within', keys: { top, n: p('cursorN') }, params };
  return {
    shape: 'after',
    keys: { top, n: p('cursorN'), after: [p('cursorAfterAt'), p('cursorAfterId')] },
    params: { ...params, cursorAfterAt: c.after[0], cursorAfterId: c.after[1] },
  };
}
