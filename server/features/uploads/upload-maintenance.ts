import type { Db, DbOrTx } from '#server/db/client';
import { transaction } from '#server/db/transaction';
import { INCOMING_PREFIX, type Storage } from '#server/lib/storage';
import { IMAGE_WIDTHS } from '#shared/uploads/uploads.schemas';
import { ImageTooLarge, NotAnImage, imageVariants } from './images';
import { collect } from './upload-intake';
import { AVATAR_COPY_SIZES, parseStoredName, variantName } from './uploads.presenter';
import { type UploadRow, uploadsRepo } from './uploads.repo';

/**
 * Another feature's answer to "which of these uploads do you still use?" (courses: thumbnails,
 * lesson videos and attachments), read through `tx`. Uploads know who stored a file, not where
 * it is used.
 */
export type UploadReferrer = (uploadIds: string[], tx: DbOrTx) => Promise<string[]>;

/** An upload nothing uses is kept this long: a tutor uploads a video, then saves the lesson. */
export const UNUSED_UPLOAD_GRACE_MS = 24 * 3_600_000;
const PAGE = 200;

/** Every storage key of an upload: the file, and an image's copies. */
export const keysOf = (row: UploadRow) => [
  row.storedName,
  ...(row.kind === 'image' ? IMAGE_WIDTHS.map((w) => variantName(row.id, w)) : []),
  ...(row.kind === 'avatar' ? AVATAR_COPY_SIZES.map((w) => variantName(row.id, w)) : []),
];

/**
 * The two upkeep tasks of uploads, run as background jobs (uploads.queue.ts): deleting files
 * nothing uses, and making the WebP copies of images stored before copies existed.
 */
export function createUploadMaintenance(deps: {
  db: Db;
  storage: Storage;
  now: () => Date;
  referrers: UploadReferrer[];
}) {
  const { db, storage, now, referrers } = deps;

  async function inUse(ids: string[], tx: DbOrTx = db): Promise<Set<string>> {
    const used = new Set<string>();
    for (const referrer of referrers) for (const id of await referrer(ids, tx)) used.add(id);
    return used;
  }

  /**
   * Deletes the upload if nothing uses it now. The row is locked while the referrers are asked
   * again: a feature linking it takes a share lock on it (requireOwned) in the transaction that
   * saves the link, so either that save waits and then finds no upload (a 400), or this waits
   * and then sees the link. The files go after the commit; files left behind by a failure there
   * are swept as orphans next time.
   */
  async function removeIfUnused(id: string): Promise<boolean> {
    const removed = await transaction(db, async (tx) => {
      const row = await uploadsRepo.lockForDelete(tx, id);
      if (!row || (await inUse([id], tx)).has(id)) return undefined;
      await uploadsRepo.delete(tx, id);
      return row;
    });
    if (!removed) return false;
    for (const key of keysOf(removed)) await storage.delete(key);
    return true;
  }

  /**
   * An image's copies, every width made again (a run cut short may have left some), answering
   * their bytes. An original that is gone (lost with a disk) or does not decode (stored before
   * uploads were decoded) gets none: its copies answer 404, as its file would.
   */
  async function makeVariants(row: UploadRow): Promise<number> {
    const original = await storage.get(row.storedName);
    if (!original) return 0;
    let variants;
    try {
      variants = await imageVariants(await collect(original));
    } catch (err) {
      if (err instanceof NotAnImage || err instanceof ImageTooLarge) return 0;
      throw err;
    }
    for (const v of variants) await storage.put(variantName(row.id, v.width), v.body, 'image/webp');
    return variants.reduce((sum, v) => sum + v.body.length, 0);
  }

  return {
    /**
     * Deletes uploads older than a day that no feature uses (row and files), then files older
     * than a day named as uploads name them that no row names (an upload cut off between storing
     * and recording) and half-written files; any other file is not ours and stays.
     */
    async collectGarbage(): Promise<{ uploads: number; orphans: number }> {
      const before = new Date(now().getTime() - UNUSED_UPLOAD_GRACE_MS);
      let removed = 0;
      for (let afterId = '00000000-0000-0000-0000-000000000000'; ;) {
        const rows = await uploadsRepo.createdBefore(db, before, afterId, PAGE);
        if (rows.length === 0) break;
        const used = await inUse(rows.map((r) => r.id));
        for (const row of rows.filter((r) => !used.has(r.id))) if (await removeIfUnused(row.id)) removed++;
        afterId = rows.at(-1)!.id;
      }
      let orphans = 0;
      const batch: string[] = [];
      const sweep = async () => {
        const ids = [
          ...new Set(batch.map((key) => parseStoredName(key)?.id).filter((id): id is string => Boolean(id))),
        ];
        const known = new Set((await uploadsRepo.findMany(db, ids)).map((r) => r.id));
        for (const key of batch) {
          const id = parseStoredName(key)?.id;
          if (id && known.has(id)) continue;
          await storage.delete(key);
          orphans++;
        }
        batch.length = 0;
      };
      // Only names uploads make: the bucket (S3_PREFIX empty) or folder may hold others' files.
      const ours = (key: string) =>
        Boolean(parseStoredName(key)) || (storage.kind === 'disk' && key.startsWith(INCOMING_PREFIX));
      for await (const object of storage.listOlderThan(before)) {
        if (!ours(object.key)) continue;
        batch.push(object.key);
        if (batch.length === PAGE) await sweep();
      }
      await sweep();
      return { uploads: removed, orphans };
    },

    /** Makes the missing WebP copies of every image that has none yet; answers how many images. */
    async convertImages(): Promise<number> {
      let converted = 0;
      for (
        let rows = await uploadsRepo.imagesWithoutVariants(db, PAGE);
        rows.length > 0;
        rows = await uploadsRepo.imagesWithoutVariants(db, PAGE)
      ) {
        for (const row of rows) {
          await uploadsRepo.markVariantsMade(db, row.id, await makeVariants(row), now());
          converted++;
        }
      }
      return converted;
    },
  };
}
