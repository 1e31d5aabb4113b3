import { sql, type SQL } from 'drizzle-orm';

/**
 * `column = userId`, or true without a member: an evidence subquery written for one member then
 * also asks "does anyone have such evidence at all?" (the passport's start-up check, decision 087).
 */
export const ofMember = (column: SQL, userId: string | undefined): SQL =>
  userId === undefined ? sql`true` : sql`${column} = ${userId}`;
