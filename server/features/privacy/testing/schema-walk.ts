import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';

/** Columns that can hold a person's id, name, address or words: text, uuid, JSON, arrays and search documents. */
const SEARCHED = ['text', 'character varying', 'uuid', 'json', 'jsonb', 'ARRAY', 'tsvector'];

/**
 * Every table's column in which any of `needles` appears (case-insensitively), with the number of
 * rows: the proof that erasure left nothing behind (decision 020). The tests of erasure walk the
 * whole schema with it; `schemas` adds pg-boss's, whose waiting jobs hold mails not yet sent.
 * Columns outside `public` are named `schema.table.column`.
 */
export async function findEverywhere(
  db: DbOrTx,
  needles: string[],
  opts: { schemas?: string[] } = {},
): Promise<Array<{ column: string; needle: string; rows: number }>> {
  const schemas = opts.schemas ?? ['public'];
  const columns = await db.execute<{ schema: string; table: string; column: string }>(sql`
    select c.table_schema as "schema", c.table_name as "table", c.column_name as "column"
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where t.table_type = 'BASE TABLE'
      and c.table_schema in (${sql.join(
        schemas.map((s) => sql`${s}`),
        sql`, `,
      )})
      and (c.data_type in (${sql.join(
        SEARCHED.map((t) => sql`${t}`),
        sql`, `,
      )}) or c.udt_name = 'tsvector')
    order by c.table_schema, c.table_name, c.column_name`);
  const hits: Array<{ column: string; needle: string; rows: number }> = [];
  for (const { schema, table, column } of columns.rows) {
    for (const needle of needles) {
      const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const found = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(schema)}.${sql.identifier(table)} where ${sql.identifier(column)}::text ilike ${pattern}`,
      );
      const rows = Number(found.rows[0]!.n);
      const name = schema === 'public' ? `${table}.${column}` : `${schema}.${table}.${column}`;
      if (rows > 0) hits.push({ column: name, needle, rows });
    }
  }
  return hits;
}
