import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { gigs } from './talent.table';

const uuidArray = (ids: string[]) =>
  sql`array[${sql.join(
    ids.map((i) => sql`${i}::uuid`),
    sql`, `,
  )}]::uuid[]`;

/** The queries behind gig attachments and delivery files (both GIN-indexed uuid arrays). */
export const gigFilesRepo = {
  /** Whether a gig lists this upload among its attachments. */
  async isAttachment(db: DbOrTx, uploadId: string): Promise<boolean> {
    const rows = await db
      .select({ id: gigs.id })
      .from(gigs)
      .where(sql`${gigs.attachmentUploadIds} @> ${uuidArray([uploadId])}`)
      .limit(1);
    return rows.length > 0;
  },

  /** The gigs whose latest delivery holds this upload: their parties, and whether disputed. */
  async deliveriesHolding(db: DbOrTx, uploadId: string) {
    return db
      .select({ posterId: gigs.posterId, talentId: gigs.talentId, status: gigs.status })
      .from(gigs)
      .where(sql`${gigs.deliveryFileUploadIds} @> ${uuidArray([uploadId])}`);
  },

  /** Garbage collection's question: which of these uploads a gig still links. */
  async inUse(db: DbOrTx, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const wanted = uuidArray(ids);
    const rows = await db.execute<{ id: string }>(sql`
      select distinct u.id::text as id
      from ${gigs}, unnest(${gigs.attachmentUploadIds} || ${gigs.deliveryFileUploadIds}) as u(id)
      where (${gigs.attachmentUploadIds} && ${wanted} or ${gigs.deliveryFileUploadIds} && ${wanted}) and u.id = any(${wanted})`);
    return rows.rows.map((r) => r.id);
  },
};
