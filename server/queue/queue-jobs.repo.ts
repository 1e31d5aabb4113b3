import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/**
 * Deletes the jobs named `name` in pg-boss's `schema` whose payload contains `match` (JSON
 * containment), or whose keys equal its values with `exact`, whatever their state but running.
 */
export async function discardJobs(
  db: DbOrTx,
  schema: string,
  name: string,
  match: Record<string, unknown>,
  exact: boolean,
): Promise<number> {
  const fits = exact
    ? sql.join(
        Object.entries(match).map(([k, v]) => sql`data -> ${k} = ${JSON.stringify(v)}::jsonb`),
        sql` and `,
      )
    : sql`data @> ${JSON.stringify(match)}::jsonb`;
  const { rows } = await db.execute<{ id: string }>(
    sql`delete from ${sql.identifier(schema)}.job where name = ${name} and ${fits} and state <> 'active' returning id`,
  );
  return rows.length;
}
