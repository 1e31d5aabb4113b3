import { randomUUID } from 'node:crypto';
import { pipeline, type Readable } from 'node:stream';
import type { Db, DbOrTx } from '../../db/client';
import type { UploadQuotas } from '../../env';
import { AppError } from '../../lib/errors';
import type { ByteRange, Storage } from '../../lib/storage';
import { UPLOAD_LIMITS, type TUpload, type TUploadKind } from '../../../shared/uploads/uploads.schemas';
import type { TUser } from '../../../shared/accounts/accounts.schemas';
import type { TRole } from '../../../shared/roles';
import { parseRange } from './byte-range';
import { NotAnImage, checkImage, imageVariants } from './images';
import { sanitiseFileName } from './magic-bytes';
import { readsWithoutReaders, type UploadReader } from './upload-access';
import { createUploadMaintenance, type UploadReferrer } from './upload-maintenance';
import { byteCounter, collect, sniff } from './upload-intake';
import { overQuota, quotaFor } from './upload-quota';
import { parseStoredName, presentUpload, variantName } from './uploads.presenter';
import { uploadsRepo } from './uploads.repo';
import type { UploadRow } from './uploads.table';

export interface IncomingFile {
  /** The file's bytes as they arrive; busboy ends it early with `truncated` set past the size limit. */
  stream: Readable & { truncated?: boolean };
  filename: string | undefined;
}

/** What GET /uploads/<name> sends: the whole file, a range of it, or a 416. */
export type OpenedFile =
  | { size: number; range?: ByteRange; body: Readable }
  | { size: number; unsatisfiable: true };

const wrongType = (kind: TUploadKind) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', `This file is not an accepted ${kind}: choose a ${UPLOAD_LIMITS[kind].label}.`, {
    file: `Choose a ${UPLOAD_LIMITS[kind].label}`,
  });

const tooLarge = (kind: TUploadKind) =>
  new AppError('PAYLOAD_TOO_LARGE', `The file is too large: choose a ${UPLOAD_LIMITS[kind].label}.`, {
    file: `At most ${UPLOAD_LIMITS[kind].label}`,
  });

export function createUploadsService(deps: { db: Db; storage: Storage; quotas: UploadQuotas; now: () => Date }) {
  const { db, storage, quotas, now } = deps;
  const readers: UploadReader[] = [];
  const referrers: UploadReferrer[] = [];
  const maintenance = createUploadMaintenance({ db, storage, now, referrers });

  /** Stores an image and its WebP copies; the image must decode, not only start like one. */
  async function storeImage(id: string, storedName: string, contentType: string, file: IncomingFile, body: Readable, keys: string[]) {
    const bytes = await collect(body);
    // Cut short at the size limit, it would not decode: say what is wrong.
    if (file.stream.truncated) throw tooLarge('image');
    try {
      await checkImage(bytes);
    } catch (err) {
      if (err instanceof NotAnImage) throw wrongType('image');
      throw err;
    }
    keys.push(storedName);
    await storage.put(storedName, bytes, contentType);
    for (const v of await imageVariants(bytes)) {
      keys.push(variantName(id, v.width));
      await storage.put(variantName(id, v.width), v.body, 'image/webp');
    }
  }

  /** Bytes the member stores and may store, for the quota. */
  async function usage(owner: { id: string; role: TRole }): Promise<{ used: number; quota: number }> {
    return { used: await uploadsRepo.usedBytes(db, owner.id), quota: quotaFor(owner.role, quotas) };
  }

  return {
    tooLarge,
    /**
     * Lets a feature that links uploads (courses: lesson videos and attachments) grant reading
     * them. Registered in app.ts, so uploads never import the features that use them.
     */
    addReader(reader: UploadReader): void {
      readers.push(reader);
    },
    /**
     * Lets a feature that links uploads say which it still uses, so that garbage collection
     * keeps them. Registered in app.ts, like readers. The feature must check the uploads it links
     * with requireOwned in the transaction that saves the link (it locks their rows).
     */
    addReferrer(referrer: UploadReferrer): void {
      referrers.push(referrer);
    },
    /** Background upkeep (uploads.jobs.ts): unused files deleted, missing image copies made. */
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
    async store(owner: { id: string; role: TRole }, kind: TUploadKind, file: IncomingFile, declaredBytes?: number): Promise<TUpload> {
      const { used, quota } = await usage(owner);
      const id = randomUUID();
      const keys: string[] = [];
      try {
        if (declaredBytes !== undefined && used + declaredBytes > quota) throw overQuota(used, quota);
        const { type, body } = await sniff(file.stream);
        if (!type || type.kind !== kind) throw wrongType(kind);
        const storedName = `${id}.${type.extension}`;
        const counter = byteCounter(quota - used, () => overQuota(used, quota));
        const counted = pipeline(body, counter, () => undefined);
        if (kind === 'image') {
          await storeImage(id, storedName, type.contentType, file, counted, keys);
        } else {
          keys.push(storedName);
          await storage.put(storedName, counted, type.contentType);
        }
        if (file.stream.truncated) throw tooLarge(kind);
        const originalName = sanitiseFileName(file.filename, `${kind}.${type.extension}`);
        const row = await uploadsRepo.insert(db, {
          id,
          ownerId: owner.id,
          kind,
          storedName,
          originalName,
          contentType: type.contentType,
          size: counter.bytes(),
          // The app's clock, which garbage collection's day is counted on.
          createdAt: now(),
          variantsMadeAt: kind === 'image' ? now() : null,
        });
        // Two uploads at once may each have fitted alone: the total after recording is what counts.
        const after = await uploadsRepo.usedBytes(db, owner.id);
        if (after > quota) {
          await uploadsRepo.delete(db, row.id);
          throw overQuota(after - row.size, quota);
        }
        return presentUpload(row);
      } catch (err) {
        await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
        // The rest of the request must still be read, or the client never sees our answer.
        file.stream.resume();
        throw err;
      }
    },
    /** The upload a served name belongs to, with the storage key to read and its type. */
    async find(name: string): Promise<{ row: UploadRow; key: string; contentType: string } | undefined> {
      const parsed = parseStoredName(name);
      if (!parsed) return undefined;
      const row = await uploadsRepo.findById(db, parsed.id);
      if (!row) return undefined;
      if (parsed.width === undefined) return row.storedName === name ? { row, key: name, contentType: row.contentType } : undefined;
      // A copy not made yet is a 404 (open finds nothing): the uploads.convert-images job makes
      // it, never a visitor's request, which would decode the original on every GET.
      if (row.kind !== 'image') return undefined;
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
     * The uploads behind these ids, in the order given, if every one exists, belongs to `ownerId`
     * and is of `kind`; otherwise a 400 on `field`, as if the id were never sent.
     */
    async requireOwned(ownerId: string, ids: string[], kind: TUploadKind, field: string, tx: DbOrTx = db): Promise<UploadRow[]> {
      const unique = [...new Set(ids)];
      // Locked for share until the caller's transaction ends: garbage collection cannot delete
      // an upload between this check and the caller saving its link (upload-maintenance.ts).
      const rows = await uploadsRepo.findMany(tx, unique, 'share');
      const byId = new Map(rows.map((r) => [r.id, r]));
      if (unique.some((id) => byId.get(id)?.ownerId !== ownerId || byId.get(id)?.kind !== kind)) {
        const message = `Upload the ${kind === 'document' ? 'file' : kind} again: that upload is not yours or not a ${kind}.`;
        throw new AppError('VALIDATION_FAILED', message, { [field]: message });
      }
      return unique.map((id) => byId.get(id)!);
    },
    /** Presented uploads by id, for answers that show them (missing ids are left out). */
    async presentMany(ids: string[], tx: DbOrTx = db): Promise<Map<string, TUpload>> {
      const rows = await uploadsRepo.findMany(tx, [...new Set(ids)]);
      return new Map(rows.map((r) => [r.id, presentUpload(r)]));
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
