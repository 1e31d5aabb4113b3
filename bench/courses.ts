import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client';
import { interleaved, statementsPerRequest, type RouteFigures } from './measure';
import { seedMembers } from './seed';
import type { SqlCounter } from './sql-counter';

const CATALOGUE_SIZE = 10_000;
/** In about a third of the summaries: a common word, so relevance ranks thousands of matches. */
const COMMON_WORD = 'business';

/**
 * `n` published courses of one tutor in one INSERT … SELECT: titles, summaries and
 * descriptions combined from word lists, every category, level and language, a third free.
 * The generated search vector is filled by PostgreSQL as the rows go in.
 */
export async function seedCatalogue(db: Db, tutorId: string, n: number): Promise<void> {
  await db.execute(sql`
    insert into courses (tutor_id, title, summary, description, category, level, language, price_minor, status,
                         published_at, submitted_at, lesson_count, duration_seconds, enrolment_count, rating_count, rating_average)
    select ${tutorId}::uuid,
           (array['Introduction to','Practical','Advanced','Mastering','Foundations of','Hands-on','Modern','Essential'])[1 + g % 8]
             || ' ' || (array['Excel','Python','poultry farming','copywriting','bookkeeping','Figma','negotiation','French','nutrition','SEO',
                              'JavaScript','fish farming','public speaking','investing','photography','Yoruba','data analysis','branding','Git','fitness'])[1 + (g / 8) % 20]
             || ' ' || g,
           'Learn the ' || (array['skills','habits','tools','methods'])[1 + g % 4] || ' that matter'
             || case when g % 3 = 0 then ' for your small ${sql.raw(COMMON_WORD)}' else ' at work and at home' end || '.',
           'A course in ' || (1 + g % 12) || ' lessons with exercises, examples from Nigeria and a certificate at the end. Number ' || g || '.',
           (array['software','data','design','business','marketing','finance','agriculture','languages','personal_development','health'])[1 + g % 10],
           (array['beginner','intermediate','advanced','all_levels'])[1 + g % 4],
           (array['en','en','en','pcm','yo','ig','ha','fr'])[1 + g % 8],
           case when g % 3 = 1 then 0 else (5 + g % 40) * 100000 end,
           'published', now() - g * interval '1 minute', now() - g * interval '1 minute',
           1 + g % 12, 600 * (1 + g % 12), g % 500, g % 50, case when g % 50 = 0 then null else 3 + (g % 20) / 10.0 end
    from generate_series(1, ${n}::int) g`);
  await db.execute(sql`vacuum analyze courses`);
  await db.execute(sql`checkpoint`);
}

export interface CourseFigures extends RouteFigures {
  sqlPerRequest: number;
  matches: number;
  seedSeconds: number;
}

/** GET /api/courses?q=<common word> for a signed-in member, over 10,000 published courses. */
export async function coursesFigures(
  app: FastifyInstance,
  db: Db,
  base: string,
  counter: SqlCounter,
  rounds: number,
  log: (s: string) => void,
): Promise<CourseFigures> {
  const { ids, cookies } = await seedMembers(db, 2, 'bench-courses-');
  await db.execute(sql`update users set role = 'tutor', roles = array['tutor']::text[] where id = ${ids[0]!}::uuid`);
  const started = performance.now();
  log(`  seeding ${CATALOGUE_SIZE.toLocaleString('en')} courses`);
  await seedCatalogue(db, ids[0]!, CATALOGUE_SIZE);
  const seedSeconds = (performance.now() - started) / 1_000;
  const headers = { cookie: cookies[1]! };
  const url = `${base}/api/courses?q=${COMMON_WORD}`;
  const check = await app.inject({ method: 'GET', url: `/api/courses?q=${COMMON_WORD}`, headers });
  const { courses, total } = check.json() as { courses?: unknown[]; total?: number };
  if (courses?.length !== 20 || !total) throw new Error(`unexpected answer: ${check.body.slice(0, 200)}`);
  log(`  seeded in ${seedSeconds.toFixed(1)} s; "${COMMON_WORD}" matches ${total}; loading`);
  const [figures] = await interleaved([{ url, headers }], rounds);
  const sqlPerRequest = await statementsPerRequest(counter, url, headers);
  return { ...figures!, sqlPerRequest, matches: total, seedSeconds };
}
