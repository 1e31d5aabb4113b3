import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { uploads, type UploadRow } from './uploads.table';

/** A member's uploads, for their data export and for erasure (uploads.service.ts deletes the files). */
export const uploadsPrivacyRepo = {
  ofOwner: (db: DbOrTx, ownerId: string): Promise<UploadRow[]> =>
    db.select().from(uploads).where(eq(uploads.ownerId, ownerId)),
  async deleteOfOwner(db: DbOrTx, ownerId: string): Promise<UploadRow[]> {
    return db.delete(uploads).where(eq(uploads.ownerId, ownerId)).returning();
  },
};
