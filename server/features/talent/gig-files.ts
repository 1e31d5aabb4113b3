import type { Db, DbOrTx } from '#server/db/client';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TUpload } from '#shared/uploads/uploads.schemas';
import { areaOpen, isAdmin } from '../accounts';
import type { UploadsService } from '../uploads';
import { gigFilesRepo } from './gig-files.repo';
import type { GigRow } from './gigs.repo';

/** What a gig's files may be stored as: pictures, PDFs uploaded before attachments existed, and attachments. */
const GIG_FILE_KINDS = ['image', 'document', 'attachment'] as const;

/**
 * A gig's files (decision 037): the poster's attachments, public like the gig (images are public
 * uploads, PDFs read through this feature's reader), and the talent's delivery files, private
 * uploads read only by the poster and the talent, and by admins while the gig is disputed.
 */
export function createGigFiles(deps: { db: Db; uploads: UploadsService }) {
  const { db, uploads } = deps;

  /**
   * Checks and locks the member's uploads for `field` (requireOwned, in the caller's transaction):
   * pictures and documents of every common kind (decision 053), all private or all public.
   */
  async function requireFiles(
    ownerId: string,
    ids: string[],
    field: string,
    tx: DbOrTx,
    isPrivate: boolean,
  ): Promise<string[]> {
    if (ids.length === 0) return [];
    await uploads.requireOwned(ownerId, ids, GIG_FILE_KINDS, field, tx, { private: isPrivate });
    return [...new Set(ids)];
  }

  async function presentIds(ids: string[], tx: DbOrTx): Promise<TUpload[]> {
    if (ids.length === 0) return [];
    const found = await uploads.presentMany(ids, tx);
    return ids.map((id) => found.get(id)).filter((u): u is TUpload => Boolean(u));
  }

  return {
    requireAttachments: (ownerId: string, ids: string[], tx: DbOrTx) =>
      requireFiles(ownerId, ids, 'attachmentUploadIds', tx, false),
    requireDeliveryFiles: (ownerId: string, ids: string[], tx: DbOrTx) =>
      requireFiles(ownerId, ids, 'fileUploadIds', tx, true),

    /** The gig's attachments for anyone; its delivery files only for those who may read them. */
    async present(
      gig: GigRow,
      user: TUser | null,
      tx: DbOrTx = db,
    ): Promise<{ attachments: TUpload[]; deliveryFiles: TUpload[] }> {
      const reads = user !== null && mayReadDelivery(gig, user);
      const [attachments, deliveryFiles] = await Promise.all([
        presentIds(gig.attachmentUploadIds, tx),
        reads ? presentIds(gig.deliveryFileUploadIds, tx) : [],
      ]);
      return { attachments, deliveryFiles };
    },

    /** The uploads' reader (talent's module contributes it): attachments as the gig, delivery files privately. */
    async mayReadUpload(user: TUser | null, uploadId: string): Promise<boolean> {
      // Seeing a gig is closed only to a member suspended from talent (talentOpenToVisitors).
      if (user && !areaOpen(user, 'talent')) return false;
      if (await gigFilesRepo.isAttachment(db, uploadId)) return true;
      if (!user) return false;
      return (await gigFilesRepo.deliveriesHolding(db, uploadId)).some((gig) => mayReadDelivery(gig, user));
    },

    uploadsInUse: (ids: string[], tx: DbOrTx) => gigFilesRepo.inUse(tx, ids),
  };
}

/**
 * The poster and the talent; an admin only while the gig is disputed, to decide it. The delivery's
 * note follows the same rule as its files (decision 048): it often says what the files hold.
 */
export function mayReadDelivery(gig: Pick<GigRow, 'posterId' | 'talentId' | 'status'>, user: TUser): boolean {
  if (user.id === gig.posterId || user.id === gig.talentId) return true;
  return isAdmin(user) && gig.status === 'disputed';
}

export type GigFiles = ReturnType<typeof createGigFiles>;
