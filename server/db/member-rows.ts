import { eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * The named columns of a table's rows that belong to a member: most parts of "Download my data" (decision 020)
 * are this query, so each area's export says only which table, whose rows and which columns it gives out.
 */
export function memberRows<T extends PgTable, K extends keyof T['_']['columns'] & string>(
  db: DbOrTx,
  table: T,
  owner: PgColumn,
  userId: string,
  names: readonly K[],
) {
  const columns = getTableColumns(table);
  const fields = Object.fromEntries(names.map((name) => [name, columns[name]])) as Pick<T['_']['columns'], K>;
  // Drizzle cannot tell that a table of any shape is one it may select from; the fields carry the row's type.
  return db
    .select(fields)
    .from(table as PgTable)
    .where(eq(owner, userId));
}
