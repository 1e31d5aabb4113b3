import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '#server/db/client';
import { againstBareLoop, type BareLoopFigures } from './bare-loop';
import { seedMembers } from './seed';
import type { SqlCounter } from './sql-counter';

/** Issue 14: 100,000 open gigs and 100,000 talents; `--talent=<n>` for a smaller smoke run. */
export const TALENT_SIZE = Number(process.argv.find((a) => a.startsWith('--talent='))?.slice(9) ?? 100_000);
/** In about a third of the titles and headlines: a common word, so the search ranks thousands of matches. */
const COMMON_WORD = 'designer';
const SKILLS = ['python', 'sql', 'javascript', 'figma'];
/** `--talent-route=gigs` (or `talents`) measures one of the two routes. */
const ROUTE = process.argv.find((a) => a.startsWith('--talent-route='))?.slice('--talent-route='.length);

/** Each row's two skills, chosen by its number as the jobs bench does. */
const pairOf = (g: string) =>
  sql.raw(
    `case ${g} % 4 when 0 then array['python','sql'] when 1 then array['javascript','figma'] when 2 then array['figma','python'] else array['sql','javascript'] end`,
  );
const wordOf = (g: string) =>
  sql.raw(
    `case when ${g} % 3 = 0 then '${COMMON_WORD}' else (array['developer','writer','accountant','translator','editor','analyst'])[1 + ${g} % 6] end`,
  );

/** `n` open gigs of one poster in one INSERT … SELECT, two skills each; the search vector fills itself. */
export async function seedGigs(db: Db, posterId: string, n: number): Promise<void> {
  await db.execute(sql`
    insert into gigs (poster_id, title, description, budget_type, budget_min, budget_max, currency, status, status_at, created_at, updated_at)
    select ${posterId}::uuid,
           (array['Logo','Website','Report','Mobile app','Data'])[1 + g % 5] || ' ' || ${wordOf('g')} || ' ' || g,
           'A short piece of work, number ' || g || '. Clear brief, quick feedback, paid on delivery.',
           (array['fixed','hourly'])[1 + g % 2], 5000000 + (g % 20) * 100000, 9000000 + (g % 20) * 200000, 'NGN', 'open',
           now() - g * interval '1 minute', now() - g * interval '1 minute', now() - g * interval '1 minute'
    from generate_series(1, ${n}::int) g`);
  await db.execute(sql`
    insert into gig_skills (gig_id, skill_id, position)
    select x.id, s.id, p.position::int - 1
    from (select id, (row_number() over (order by created_at desc))::int as g from gigs where poster_id = ${posterId}::uuid) x
    cross join lateral unnest(${pairOf('x.g')}) with ordinality as p(slug, position)
    join skills s on s.slug = p.slug`);
  await db.execute(sql`vacuum analyze gigs`);
  await db.execute(sql`vacuum analyze gig_skills`);
}

/** `n` talents (members with the role, a profile, talent details and two skills), in a few INSERT … SELECTs. */
export async function seedTalents(db: Db, n: number): Promise<void> {
  await db.execute(sql`
    insert into users (username, email, full_name, password_hash, role, roles, email_verified)
    select 'bench-talent-' || g, 'bench-talent-' || g || '@example.com',
           (array['Ada','Chinedu','Ngozi','Tunde','Amaka','Bola'])[1 + g % 6] || ' ' || (array['Okafor','Bello','Adeyemi','Eze','Musa'])[1 + g % 5] || ' ' || g,
           'x', 'talent', array['talent'], true
    from generate_series(1, ${n}::int) g`);
  const talents = sql.raw(
    `(select id, substring(username from 14)::int as g from users where username like 'bench-talent-%')`,
  );
  await db.execute(sql`
    insert into profiles (user_id, headline, bio, location)
    select t.id, (array['Freelance','Senior','Junior','Lead'])[1 + t.g % 4] || ' ' || ${wordOf('t.g')},
           'I build things for small businesses across Nigeria. Member ' || t.g || '.',
           (array['lagos','fct','kano','oyo'])[1 + t.g % 4]
    from ${talents} t`);
  await db.execute(sql`
    insert into talent_profiles (user_id, hourly_rate_minor, currency, availability, available_from)
    select t.id, 200000 + (t.g % 30) * 50000, 'NGN', (array['available_now','available_from','not_available'])[1 + t.g % 3],
           case when t.g % 3 = 1 then current_date + 30 end
    from ${talents} t`);
  await db.execute(sql`
    insert into user_skills (user_id, skill_id, position)
    select t.id, s.id, p.position::int - 1
    from ${talents} t cross join lateral unnest(${pairOf('t.g')}) with ordinality as p(slug, position)
    join skills s on s.slug = p.slug`);
  for (const table of ['users', 'profiles', 'talent_profiles', 'user_skills'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
}

export interface TalentRouteFigures extends BareLoopFigures {
  path: string;
  matches: number;
}

/**
 * GET /api/talent/gigs and GET /api/talent, each with a text query and a skills filter, for a
 * signed-in member over TALENT_SIZE gigs and TALENT_SIZE talents, each against a bare loop of
 * the very statements one request sends (bare-loop.ts).
 */
export async function talentFigures(
  app: FastifyInstance,
  database: Database,
  base: string,
  counter: SqlCounter,
  rounds: number,
  log: (s: string) => void,
) {
  const db = database.db;
  const { ids, cookies } = await seedMembers(db, 2, `bench-gigs-${database.driver}-`);
  const started = performance.now();
  log(`  seeding ${TALENT_SIZE.toLocaleString('en')} gigs and ${TALENT_SIZE.toLocaleString('en')} talents`);
  if (ROUTE !== 'talents') await seedGigs(db, ids[0]!, TALENT_SIZE);
  if (ROUTE !== 'gigs') await seedTalents(db, TALENT_SIZE);
  await db.execute(sql`checkpoint`);
  const seedSeconds = (performance.now() - started) / 1_000;
  log(`  seeded in ${seedSeconds.toFixed(1)} s`);
  const headers = { cookie: cookies[1]! };
  const routes: TalentRouteFigures[] = [];
  for (const [path, key] of [
    [`/api/talent/gigs?q=${COMMON_WORD}&skills=${SKILLS[3]}`, 'gigs'],
    [`/api/talent?q=${COMMON_WORD}&skills=${SKILLS[3]}`, 'talents'],
  ] as const) {
    if (ROUTE && ROUTE !== key) continue;
    const check = await app.inject({ method: 'GET', url: path, headers });
    const body = check.json() as Record<string, unknown> & { total?: number };
    const list = body[key] as unknown[] | undefined;
    if (list?.length !== 20 || !body.total) throw new Error(`unexpected answer: ${check.body.slice(0, 200)}`);
    log(`  GET ${path}: ${body.total} matches`);
    const url = `${base}${path}`;
    routes.push({
      path,
      matches: body.total,
      ...(await againstBareLoop(app, database, counter, url, headers, rounds, log)),
    });
  }
  return { seedSeconds, routes };
}
