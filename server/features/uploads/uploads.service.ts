import { randomUUID } from 'node:crypto';
import { pipeline, type Readable } from 'node:stream';
import type { Db, DbOrTx } from '#server/db/client';
import { afterCommit } from '#server/db/transaction';
import type { UploadQuotas } from '#server/env';
import { AppError } from '#server/lib/errors';
import type { ByteRange, Storage } from '#server/lib/storage';
import { UPLOAD_LIMITS, type TUpload, type TUploadKind } from '#shared/uploads/uploads.schemas';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TTeachingStorage } from '#shared/accounts/roles.schemas';
import { holdsRole, type TRole } from '#shared/roles';
import { parseRange } from './byte-range';
import { detectDocument } from './document-types';
import { avatarImages, imageVariants } from './images';
import { sanitiseFileName } from './magic-bytes';
import { readsWithoutReaders, type UploadReader } from './upload-access';
import { createUploadMaintenance, keysOf, type UploadReferrer } from './upload-maintenance';
import { uploadsPrivacyRepo } from './uploads-privacy.repo';
import { byteCounter, collect, sniff } from './upload-intake';
import { overQuota, quotaOf, teachingStorage, type TeachingApproval } from './upload-quota';
import { NOUN, documentRefusal, pictureOr, tooLarge, wrongType } from './upload-refusals';
import { parseStoredName, presentUpload, smallestCopy, variantName } from './uploads.presenter';
import { type UploadRow, uploadsRepo } from './uploads.repo';

export interface IncomingFile {
  /** The file's bytes as they arrive; busboy ends it early with `truncated` set past the size limit. */
  stream: Readable & { truncated?: boolean };
  filename: string | undefined;
}

/** What GET /uploads/<name> sends: the whole file, a range of it, or a 416. */
export type OpenedFile = { size: number; range?: ByteRange; body: Readable } | { size: number; unsatisfiable: true };

export function createUploadsService(deps: { db: Db; storage: Storage; quotas: UploadQuotas; now: () => Date }) {
  const { db, storage, quotas, now } = deps;
  const readers: UploadReader[] = [];
  const referrers: UploadReferrer[] = [];
  const approvals: TeachingApproval[] = [];
  const maintenance = createUploadMaintenance({ db, storage, now, referrers });

  /**
   * Stores an image and its WebP copies; the image must decode, not only start like one.
   * Answers the bytes of the copies, which count against the quota as the original does.
   */
  async function storeImage(
    id: string,
    storedName: string,
    contentType: string,
    file: IncomingFile,
    body: Readable,
    keys: string[],
  ): Promise<number> {
    const bytes = await collect(body);
    // Cut short at the size limit, it would not decode: say what is wrong. A picture sent as an
    // attachment arrives under the documents' larger limit.
    if (file.stream.truncated || bytes.length > UPLOAD_LIMITS.image.maxBytes) throw tooLarge('image');
    const variants = await pictureOr('image', imageVariants(bytes));
    keys.push(storedName);
    await storage.put(storedName, bytes, contentType);
    for (const v of variants) {
      keys.push(variantName(id, v.width));
      await storage.put(variantName(id, v.width), v.body, 'image/webp');
    }
    return variants.reduce((sum, v) => sum + v.body.length, 0);
  }

  /**
   * Stores an avatar as its square WebP copies only: the largest under the upload's own name
   * (`<id>.webp`), the others as copies, whose bytes it answers.
   */
  async function storeAvatar(id: string, file: IncomingFile, body: Readable, keys: string[]) {
    const bytes = await collect(body);
    if (file.stream.truncated) throw tooLarge('avatar');
    const images = await pictureOr('avatar', avatarImages(bytes));
    const largest = images.pop()!;
    for (const image of images) {
      keys.push(variantName(id, image.size));
      await storage.put(variantName(id, image.size), image.body, 'image/webp');
    }
    keys.push(`${id}.webp`);
    await storage.put(`${id}.webp`, largest.body, 'image/webp');
    return { storedName: `${id}.webp`, copiesSize: images.reduce((sum, i) => sum + i.body.length, 0) };
  }

  /**
   * Stores an attachment's document once all of it is known to be one of DOCUMENT_FORMATS (a
   * ZIP is read to its end, within ZIP_LIMITS): answers its type.
   */
  async function storeDocument(id: string, file: IncomingFile, body: Readable, keys: string[]) {
    const bytes = await collect(body);
    if (file.stream.truncated) throw tooLarge('attachment');
    const verdict = await detectDocument(bytes, file.filename);
    if ('refused' in verdict) throw documentRefusal(verdict.refused, verdict.detail);
    const storedName = `${id}.${verdict.type.extension}`;
    keys.push(storedName);
    await storage.put(storedName, bytes, verdict.type.contentType);
    return { storedName, contentType: verdict.type.contentType };
  }

  async function storageOf(owner: { id: string; roles: readonly TRole[] }): Promise<TTeachingStorage> {
    return teachingStorage(owner, quotas, async () => {
      for (const approved of approvals) if (await approved(owner.id, db)) return true;
      return false;
    });
  }

  /** Bytes the member stores and may store, and the refusal past them. */
  async function usage(owner: { id: string; roles: readonly TRole[] }) {
    const storage = await storageOf(owner);
    const quota = quotaOf(storage);
    const waiting = !storage.granted && holdsRole(owner, 'tutor');
    return {
      used: await uploadsRepo.usedBytes(db, owner.id),
      quota,
      refuse: (used: number) => overQuota(used, quota, waiting ? storage.teachingBytes : undefined),
    };
  }

  return {
    tooLarge,
    /** Where the bytes live, and whether it answers (a bucket is one of readiness's checks). */
    storageKind: storage.kind,
    storageReachable: () => storage.reachable(),
    /**
     * Lets a feature that links uploads (courses: lesson videos and attachments) grant reading
     * them. Contributed by the areas' modules (`uploadAccess`), so uploads never import the features that use them.
     */
    addReader(reader: UploadReader): void {
      readers.push(reader);
    },
    /**
     * Lets a feature that links uploads say which it still uses, so that garbage collection
     * keeps them. Contributed like readers. The feature must check the uploads it links
     * with requireOwned in the transaction that saves the link (it locks their rows).
     */
    addReferrer(referrer: UploadReferrer): void {
      referrers.push(referrer);
    },
    /** Lets an area that reviews teaching (courses) say whose is approved: the teaching quota follows (decision 047). */
    addTeachingApproval(approval: TeachingApproval): void {
      approvals.push(approval);
    },
    /** The member's storage now, and what approved teaching brings (the roles screen says it). */
    teachingStorage: storageOf,
    /** Background upkeep (uploads.queue.ts): unused files deleted, missing image copies made. */
    collectGarbage: maintenance.collectGarbage,
    convertImages: maintenance.convertImages,
    /** Whether `user` (null for a visitor) may fetch the file: see upload-access.ts, then each reader. */
    async mayRead(user: TUser | null, upload: UploadRow): Promise<boolean> {
      if (readsWithoutReaders(user, upload)) return true;
      for (const reader of readers) if (await reader(user, upload.id)) return true;
      return false;
    },
    /**
     * Streams the file into storage under a server-made name, then records it. Refuses, with
     * nothing stored, a file of the wrong type, past its kind's limit, or past the member's
     * quota (`declaredBytes` lets a too-long upload be refused before a byte is read).
     */
    async store(
      owner: { id: string; roles: readonly TRole[] },
      kind: TUploadKind,
      file: IncomingFile,
      declaredBytes?: number,
      isPrivate = false,
    ): Promise<TUpload> {
      const { used, quota, refuse } = await usage(owner);
      const id = randomUUID();
      const keys: string[] = [];
      try {
        if (declaredBytes !== undefined && used + declaredBytes > quota) throw refuse(used);
        const { type, body } = await sniff(file.stream);
        // An attachment that is a picture is stored as an image, with its copies; any other is
        // a document, whose type only all of its bytes tell.
        const stored: TUploadKind = kind === 'attachment' && type?.kind === 'image' ? 'image' : kind;
        // An avatar is sent as any image and stored as WebP.
        if (stored !== 'attachment' && (!type || type.kind !== (stored === 'avatar' ? 'image' : stored)))
          throw wrongType(kind);
        let storedName = type ? `${id}.${type.extension}` : id;
        let contentType = type?.contentType ?? '';
        let copiesSize = 0;
        const counter = byteCounter(quota - used, () => refuse(used));
        const counted = pipeline(body, counter, () => undefined);
        if (stored === 'image') {
          copiesSize = await storeImage(id, storedName, contentType, file, counted, keys);
        } else if (stored === 'avatar') {
          ({ storedName, copiesSize } = await storeAvatar(id, file, counted, keys));
          contentType = 'image/webp';
        } else if (stored === 'attachment') {
          ({ storedName, contentType } = await storeDocument(id, file, counted, keys));
        } else {
          keys.push(storedName);
          await storage.put(storedName, counted, contentType);
        }
        if (file.stream.truncated) throw tooLarge(kind);
        const originalName = sanitiseFileName(file.filename, `${stored}.${storedName.split('.').pop()}`);
        const row = await uploadsRepo.insert(db, {
          id,
          ownerId: owner.id,
          kind: stored,
          storedName,
          originalName,
          contentType,
          size: counter.bytes(),
          copiesSize,
          // The app's clock, which garbage collection's day is counted on.
          createdAt: now(),
          variantsMadeAt: stored === 'image' ? now() : null,
          private: isPrivate,
        });
        // Two uploads at once may each have fitted alone: the total after recording is what counts.
        const after = await uploadsRepo.usedBytes(db, owner.id);
        if (after > quota) {
          await uploadsRepo.delete(db, row.id);
          throw refuse(after - row.size - row.copiesSize);
        }
        return presentUpload(row);
      } catch (err) {
        await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
        // The rest of the request must still be read, or the client never sees our answer.
        file.stream.resume();
        throw err;
      }
    },
    /**
     * The upload a served name belongs to, with the storage key to read and its type. With
     * `saveData` (the browser's `Save-Data: on`, decision 078) a picture's original is answered
     * with its smallest copy, once the copies exist.
     */
    async find(
      name: string,
      { saveData = false }: { saveData?: boolean } = {},
    ): Promise<{ row: UploadRow; key: string; contentType: string } | undefined> {
      const parsed = parseStoredName(name);
      if (!parsed) return undefined;
      const row = await uploadsRepo.findById(db, parsed.id);
      if (!row) return undefined;
      if (parsed.width === undefined) {
        if (row.storedName !== name) return undefined;
        const smallest = saveData ? smallestCopy(row) : undefined;
        if (smallest) return { row, key: variantName(row.id, smallest), contentType: 'image/webp' };
        return { row, key: name, contentType: row.contentType };
      }
      // A copy not made yet is a 404 (open finds nothing): the uploads.convert-images job makes
      // it, never a visitor's request, which would decode the original on every GET.
      if (row.kind !== 'image' && row.kind !== 'avatar') return undefined;
      return { row, key: name, contentType: 'image/webp' };
    },
    /** The bytes behind a key, whole or the range the Range header asks for. */
    async open(key: string, rangeHeader: string | undefined, withBody = true): Promise<OpenedFile | undefined> {
      const found = await storage.head(key);
      if (!found) return undefined;
      const range = parseRange(rangeHeader, found.size);
      if (range === 'unsatisfiable') return { size: found.size, unsatisfiable: true };
      const body = withBody ? await storage.get(key, range) : undefined;
      if (withBody && !body) return undefined;
      return { size: found.size, range, body: body! };
    },
    /**
     * The uploads behind these ids, in the order given, if every one exists, belongs to `ownerId`,
     * is of `kind` (or one of several: an attachment's image or document) and is private exactly when `options.private` asks (a chat photo must not be
     * public, and a private one would 404 as a course cover); otherwise a 400 on `field`, as if
     * the id were never sent.
     */
    async requireOwned(
      ownerId: string,
      ids: string[],
      kind: TUploadKind | readonly TUploadKind[],
      field: string,
      tx: DbOrTx = db,
      options: { private?: boolean } = {},
    ): Promise<UploadRow[]> {
      const kinds: readonly TUploadKind[] = typeof kind === 'string' ? [kind] : kind;
      const unique = [...new Set(ids)];
      // Locked for share until the caller's transaction ends: garbage collection cannot delete
      // an upload between this check and the caller saving its link (upload-maintenance.ts).
      const rows = await uploadsRepo.findMany(tx, unique, 'share');
      const byId = new Map(rows.map((r) => [r.id, r]));
      const wanted = options.private ?? false;
      if (
        unique.some(
          (id) =>
            byId.get(id)?.ownerId !== ownerId ||
            !kinds.includes(byId.get(id)!.kind) ||
            byId.get(id)?.private !== wanted,
        )
      ) {
        // "image or document": an attachment is one or the other to the person who sent it.
        const noun = [...new Set(kinds.map((k) => (k === 'attachment' ? 'document' : (NOUN[k] ?? k))))].join(' or ');
        const message = `Upload the ${kinds[0] === 'document' || kinds.length > 1 ? 'file' : noun} again: that upload is not yours or not a ${wanted ? 'private ' : ''}${noun}.`;
        throw new AppError('VALIDATION_FAILED', message, { [field]: message });
      }
      return unique.map((id) => byId.get(id)!);
    },
    /**
     * A file the server made for the member (their data export): stored under a server-made name
     * as a document, outside the upload limits, kinds and quota, which are about what members send.
     */
    async storeGenerated(
      ownerId: string,
      file: { bytes: Uint8Array; extension: string; contentType: string; name: string },
    ): Promise<UploadRow> {
      const id = randomUUID();
      const storedName = `${id}.${file.extension}`;
      await storage.put(storedName, Buffer.from(file.bytes), file.contentType);
      return uploadsRepo.insert(db, {
        id,
        ownerId,
        kind: 'document',
        storedName,
        originalName: file.name,
        contentType: file.contentType,
        size: file.bytes.byteLength,
        copiesSize: 0,
        createdAt: now(),
        variantsMadeAt: null,
        private: false,
      });
    },
    /** The member's uploads as their data export lists them. */
    async exportOf(ownerId: string, tx: DbOrTx = db): Promise<TUpload[]> {
      return (await uploadsPrivacyRepo.ofOwner(tx, ownerId)).map(presentUpload);
    },
    /** Erasure: the member's uploads go with the transaction, their files once it commits. */
    async eraseOwner(ownerId: string, tx: DbOrTx = db): Promise<void> {
      const removed = await uploadsPrivacyRepo.deleteOfOwner(tx, ownerId);
      afterCommit(tx, async () => {
        for (const key of removed.flatMap(keysOf)) await storage.delete(key).catch(() => undefined);
      });
    },
    /** Presented uploads by id, for answers that show them (missing ids are left out). */
    async presentMany(ids: string[], tx: DbOrTx = db): Promise<Map<string, TUpload>> {
      const rows = await uploadsRepo.findMany(tx, [...new Set(ids)]);
      return new Map(rows.map((r) => [r.id, presentUpload(r)]));
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
