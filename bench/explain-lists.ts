import { sql } from 'drizzle-orm';
import { openDatabase } from '#server/db/client';
import { cursorParam } from '#server/db/paging';
import { coursesRepo } from '#server/features/courses/catalogue/courses.repo';
import { planSearch } from '#server/features/courses/catalogue/course-search.repo';
import { jobsRepo } from '#server/features/jobs/jobs.repo';
import { boardPlan } from '#server/features/jobs/jobs.service';
import { ZCoursesQuery } from '#shared/courses/courses.schemas';
import { ZJobsQuery } from '#shared/jobs/jobs.schemas';
import { countSql } from './sql-counter';

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the job board's and the catalogue's page statement for their
 * main query shapes (decision 085), on a database seeded by `npm run bench -- --only=search
 * --search-db=<name>`: `npx tsx bench/explain-lists.ts <name> [--full]`. Prints each shape's
 * execution time and the plan's top nodes (all of it with `--full`).
 */
const name = process.argv[2];
if (!name) throw new Error('usage: npx tsx bench/explain-lists.ts <database> [--full]');
const FULL = process.argv.includes('--full');
const url = new URL(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
url.pathname = `/${name}`;
const database = await openDatabase({ url: url.toString() });
const db = database.db;
const counter = countSql(db);
const viewer = (
  (
    await db.execute(
      sql`select user_id from user_skills where user_id in (select id from users where username like 'search-viewer-%') limit 1`,
    )
  ).rows[0] as { user_id: string } | undefined
)?.user_id;

async function explain(label: string, run: () => Promise<unknown>) {
  const captured = await counter.capture(run);
  const page = captured.find((c) => c.query.includes('full_count'));
  if (!page) return console.log(`${label}: no page statement captured`);
  const pool = (
    db as unknown as { $client: { query(q: string, p: unknown[]): Promise<{ rows: Array<Record<string, string>> }> } }
  ).$client;
  const plan = (await pool.query(`explain (analyze, buffers) ${page.query}`, page.params as unknown[])).rows.map(
    (r) => r['QUERY PLAN']!,
  );
  console.log(`\n### ${label}`);
  const scans = plan.filter((l) => /Scan|Sort Method|One-Time Filter|Rows Removed/.test(l));
  console.log((FULL ? plan : [plan[0]!, ...scans, ...plan.filter((l) => l.startsWith('Execution Time'))]).join('\n'));
}

const jobs = (query: string) => async () => {
  const q = ZJobsQuery.parse(Object.fromEntries(new URLSearchParams(query)));
  await jobsRepo.board(db, { ...boardPlan(q, new Date(), viewer ?? null), cursor: cursorParam(q.cursor) });
};
const courses = (query: string) => async () => {
  const q = ZCoursesQuery.parse(Object.fromEntries(new URLSearchParams(query)));
  await coursesRepo.catalogue(db, { ...planSearch(q), cursor: cursorParam(q.cursor) }, new Date());
};
try {
  for (const [label, query] of [
    ['no query', ''],
    ['common word', 'q=analyst'],
    ['rare word', 'q=4242'],
    ['filter workplace', 'workplace=remote'],
    ['filter location', 'location=Kano'],
    ['sort salary', 'sort=salary'],
    ['sort best_match (viewer with a skill)', 'sort=best_match'],
    ['deep page by number', 'q=analyst&page=501'],
  ] as const)
    await explain(`GET /api/jobs?${query} (${label})`, jobs(query));
  for (const [label, query] of [
    ['no query', ''],
    ['common word', 'q=business'],
    ['rare word', 'q=4242'],
    ['filter category', 'category=business'],
    ['sort rating', 'sort=rating'],
    ['deep page by number', 'q=business&page=300'],
  ] as const)
    await explain(`GET /api/courses?${query} (${label})`, courses(query));
} finally {
  await database.close();
}
