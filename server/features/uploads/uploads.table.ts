import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TUploadKind } from '#shared/uploads/uploads.schemas';
import { users } from '../accounts/accounts.table';

/**
 * One stored file: the bytes live in storage (DATA_DIR/uploads or the S3 bucket) under
 * <stored_name>, named by the server; an image's WebP copies under <id>-<width>w.webp.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TUploadKind>().notNull(),
    /** <uuid>.<extension of the detected type>: never anything the browser sent. */
    storedName: text('stored_name').notNull(),
    /** The sender's file name, sanitised: for display and Content-Disposition only. */
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The bytes of the WebP copies made from it (images, avatars): they count against the quota too. */
    copiesSize: bigint('copies_size', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When an image's WebP copies were all made; null for images uploaded before copies existed. */
    variantsMadeAt: timestamp('variants_made_at', { withTimezone: true }),
    /**
     * Served only to the uploader and to whom the linking feature's reader allows, whatever the
     * kind (a chat photo and its copies), and not to admins' review mode.
     */
    private: boolean('private').notNull().default(false),
  },
  (t) => [
    uniqueIndex('uploads_stored_name_idx').on(t.storedName),
    index('uploads_owner_idx').on(t.ownerId),
    // Garbage collection walks uploads older than a day.
    index('uploads_created_at_idx').on(t.createdAt),
  ],
);

export type UploadRow = typeof uploads.$inferSelect;
