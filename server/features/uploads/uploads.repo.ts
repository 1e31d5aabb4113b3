import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { uploads, type UploadRow } from './uploads.table';

export const uploadsRepo = {
  async insert(db: DbOrTx, values: Omit<UploadRow, 'createdAt'>): Promise<UploadRow> {
    const [row] = await db.insert(uploads).values(values).returning();
    return row!;
  },

  async findByStoredName(db: DbOrTx, storedName: string): Promise<UploadRow | undefined> {
    const [row] = await db.select().from(uploads).where(eq(uploads.storedName, storedName)).limit(1);
    return row;
  },

  async findMany(db: DbOrTx, ids: string[]): Promise<UploadRow[]> {
    if (ids.length === 0) return [];
    return db.select().from(uploads).where(inArray(uploads.id, ids));
  },
};
