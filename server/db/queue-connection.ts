import { sql } from 'drizzle-orm';
import { fromDrizzle } from 'pg-boss';
import type { DbOrTx } from './client';

/** pg-boss on a transaction's own connection, so a job row commits or rolls back with it (decision 009). */
export const queueConnection = (db: DbOrTx) => fromDrizzle(db, sql);
