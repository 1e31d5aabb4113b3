import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { UPLOAD_LIMITS, type TUpload, type TUploadKind } from '../../../shared/uploads/uploads.schemas';
import type { TUser } from '../../../shared/accounts/accounts.schemas';
import { SNIFF_BYTES, detectType, sanitiseFileName, type DetectedType } from './magic-bytes';
import { readsWithoutReaders, type UploadReader } from './upload-access';
import { presentUpload } from './uploads.presenter';
import { uploadsRepo } from './uploads.repo';
import type { UploadRow } from './uploads.table';

export interface IncomingFile {
  /** The file's bytes as they arrive; busboy ends it early with `truncated` set past the size limit. */
  stream: Readable & { truncated?: boolean };
  filename: string | undefined;
}

const wrongType = (kind: TUploadKind) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', `This file is not an accepted ${kind}: choose a ${UPLOAD_LIMITS[kind].label}.`, {
    file: `Choose a ${UPLOAD_LIMITS[kind].label}`,
  });

/**
 * Checks the first bytes against the wanted kind before anything else is written, and counts
 * the rest as it streams past: a 500 MB video never sits in memory.
 */
function sniffer(kind: TUploadKind, found: (t: DetectedType) => void) {
  let head = Buffer.alloc(0);
  let decided = false;
  const decide = (): AppError | undefined => {
    decided = true;
    const type = detectType(head);
    if (!type || type.kind !== kind) return wrongType(kind);
    found(type);
    return undefined;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (decided) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < SNIFF_BYTES) return done();
      done(decide(), head);
    },
    flush(done) {
      if (decided) return done();
      done(decide(), head);
    },
  });
}

const tooLarge = (kind: TUploadKind) =>
  new AppError('PAYLOAD_TOO_LARGE', `The file is too large: choose a ${UPLOAD_LIMITS[kind].label}.`, {
    file: `At most ${UPLOAD_LIMITS[kind].label}`,
  });

export function createUploadsService(deps: { db: Db; dir: string }) {
  const { db, dir } = deps;
  // Made at start: the route that serves files needs its root to exist.
  mkdirSync(dir, { recursive: true });
  const readers: UploadReader[] = [];

  return {
    dir,
    tooLarge,

    /**
     * Lets a feature that links uploads (courses: lesson videos and attachments) grant reading
     * them. Registered in app.ts, so uploads never import the features that use them.
     */
    addReader(reader: UploadReader): void {
      readers.push(reader);
    },

    /** Whether `user` (null for a visitor) may fetch the file: see upload-access.ts, then each reader. */
    async mayRead(user: TUser | null, upload: UploadRow): Promise<boolean> {
      if (readsWithoutReaders(user, upload)) return true;
      for (const reader of readers) if (await reader(user, upload.id)) return true;
      return false;
    },

    /** Streams the file to disk under a server-made name, then records it. */
    async store(ownerId: string, kind: TUploadKind, file: IncomingFile): Promise<TUpload> {
      const id = randomUUID();
      const incoming = join(dir, `.incoming-${id}`);
      let type: DetectedType | undefined;
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(file.stream, sniffer(kind, (t) => (type = t)), counter, createWriteStream(incoming, { flags: 'wx' }));
        if (file.stream.truncated) throw tooLarge(kind);
        if (!type) throw wrongType(kind);
        const storedName = `${id}.${type.extension}`;
        await rename(incoming, join(dir, storedName));
        const originalName = sanitiseFileName(file.filename, `${kind}.${type.extension}`);
        const row = await uploadsRepo.insert(db, { id, ownerId, kind, storedName, originalName, contentType: type.contentType, size });
        return presentUpload(row);
      } catch (err) {
        await rm(incoming, { force: true });
        // The rest of the request must still be read, or the client never sees our answer.
        file.stream.resume();
        throw err;
      }
    },

    findByStoredName: (storedName: string) => uploadsRepo.findByStoredName(db, storedName),

    /**
     * The uploads behind these ids, in the order given, if every one exists, belongs to `ownerId`
     * and is of `kind`; otherwise a 400 on `field`, as if the id were never sent.
     */
    async requireOwned(ownerId: string, ids: string[], kind: TUploadKind, field: string, tx: DbOrTx = db): Promise<UploadRow[]> {
      const unique = [...new Set(ids)];
      const rows = await uploadsRepo.findMany(tx, unique);
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
