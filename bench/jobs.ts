import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '#server/db/client';
import { againstBareLoop, type BareLoopFigures } from './bare-loop';
import { seedMembers } from './seed';
import type { SqlCounter } from './sql-counter';

/** Issue 13: the board over 100,000 open jobs; `--jobs=<n>` for a smaller smoke run. */
export const JOB_BOARD_SIZE = Number(process.argv.find((a) => a.startsWith('--jobs='))?.slice(7) ?? 100_000);
/** In about a third of the titles: a common word, so the search ranks thousands of matches. */
const COMMON_WORD = 'analyst';

/** `n` open jobs of one employer in one INSERT … SELECT, each with two skills; the search vector fills itself. */
export async function seedBoard(db: Db, employerId: string, n: number): Promise<void> {
  await db.execute(sql`
    insert into jobs (employer_id, title, company_name, description, location, workplace, type, experience,
                      salary_min, salary_max, status, posted_at, skill_text, created_at)
    select ${employerId}::uuid,
           (array['Junior','Senior','Lead','Principal','Graduate'])[1 + g % 5] || ' '
             -- g / 3, not g: with g % 3 <> 0, g % 6 never picks developer or driver (decision 100).
             || case when g % 3 = 0 then '${sql.raw(COMMON_WORD)}' else (array['developer','designer','accountant','driver','nurse','teacher'])[1 + (g / 3) % 6] end
             || ' ' || g,
           (array['Eko Freight','Arewa Agro','Garden City Energy','Lagos Logistics','Ibadan Books'])[1 + g % 5],
           'Join a growing team. Number ' || g || '. Work with data, customers and partners across Nigeria.',
           (array['Lagos','Abuja','Port Harcourt','Ibadan','Kano','Remote'])[1 + g % 6],
           (array['onsite','remote','hybrid'])[1 + g % 3],
           (array['full_time','part_time','contract','internship'])[1 + g % 4],
           (array['entry','mid','senior'])[1 + g % 3],
           100000 + (g % 20) * 25000, 200000 + (g % 20) * 40000,
           'open', now() - g * interval '1 minute',
           (array['Python SQL','JavaScript Figma','Figma Python','SQL JavaScript'])[1 + g % 4],
           now() - g * interval '1 minute'
    from generate_series(1, ${n}::int) g`);
  // The same two skills as skill_text, so the member's match ("1 of 2 skills") is real work.
  await db.execute(sql`
    insert into job_skills (job_id, skill_id, position)
    select j.id, s.id, p.position::int - 1
    from (select id, (row_number() over (order by created_at desc))::int as g from jobs where employer_id = ${employerId}::uuid) j
    cross join lateral unnest(case j.g % 4 when 0 then array['python','sql'] when 1 then array['javascript','figma']
                                           when 2 then array['figma','python'] else array['sql','javascript'] end)
      with ordinality as p(slug, position)
    join skills s on s.slug = p.slug`);
  await db.execute(sql`vacuum analyze jobs`);
  await db.execute(sql`vacuum analyze job_skills`);
  await db.execute(sql`checkpoint`);
}

export interface JobFigures extends BareLoopFigures {
  matches: number;
  seedSeconds: number;
}

/**
 * GET /api/jobs?q=<common word> for a signed-in member with skills, over JOB_BOARD_SIZE open
 * jobs, against a bare loop of its SQL (session, page of jobs, their skills; bare-loop.ts).
 */
export async function jobsFigures(
  app: FastifyInstance,
  database: Database,
  base: string,
  counter: SqlCounter,
  rounds: number,
  log: (s: string) => void,
): Promise<JobFigures> {
  const db = database.db;
  const { ids, cookies } = await seedMembers(db, 2, `bench-jobs-${database.driver}-`);
  await db.execute(sql`update users set role = 'employer', roles = array['employer'] where id = ${ids[0]!}::uuid`);
  await db.execute(
    sql`insert into user_skills (user_id, skill_id, position) select ${ids[1]!}::uuid, id, 0 from skills where slug = 'python'`,
  );
  const started = performance.now();
  log(`  seeding ${JOB_BOARD_SIZE.toLocaleString('en')} jobs`);
  await seedBoard(db, ids[0]!, JOB_BOARD_SIZE);
  const seedSeconds = (performance.now() - started) / 1_000;
  const headers = { cookie: cookies[1]! };
  const path = `/api/jobs?q=${COMMON_WORD}`;
  const url = `${base}${path}`;
  const check = await app.inject({ method: 'GET', url: path, headers });
  const { jobs, total } = check.json() as { jobs?: Array<{ match: unknown }>; total?: number };
  if (jobs?.length !== 20 || !total || !jobs[0]!.match)
    throw new Error(`unexpected answer: ${check.body.slice(0, 200)}`);
  log(`  seeded in ${seedSeconds.toFixed(1)} s; "${COMMON_WORD}" matches ${total}`);

  return { ...(await againstBareLoop(app, database, counter, url, headers, rounds, log)), matches: total, seedSeconds };
}
