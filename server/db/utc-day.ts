import { sql, type SQL } from 'drizzle-orm';

/** `day` of a timestamp column, in UTC, as text: the grouping key of every daily figure of the admin overview. */
export const utcDay = (column: SQL | unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
