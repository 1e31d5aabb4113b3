import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';

/** Columns that can hold a person's id, name or address: text, uuid, JSON and arrays of them. */
const SEARCHED = ['text', 'character varying', 'uuid', 'json', 'jsonb', 'ARRAY'];

/**
 * Every public table's column in which any of `needles` appears (case-insensitively), with the
 * number of rows: the proof that erasure left nothing behind (decision 020). The test of erasure walks the whole schema with it.
 */
export async function findEverywhere(
  db: DbOrTx,
  needles: string[],
): Promise<Array<{ column: string; needle: string; rows: number }>> {
  const columns = await db.execute<{ table: string; column: string }>(sql`
    select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = 'public' and data_type in (${sql.join(
      SEARCHED.map((t) => sql`${t}`),
      sql`, `,
    )})
    order by table_name, column_name`);
  const hits: Array<{ column: string; needle: string; rows: number }> = [];
  for (const { table, column } of columns.rows) {
    for (const needle of needles) {
      const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const found = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text ilike ${pattern}`,
      );
      const rows = Number(found.rows[0]!.n);
      if (rows > 0) hits.push({ column: `${table}.${column}`, needle, rows });
    }
  }
  return hits;
}
