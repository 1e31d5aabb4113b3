import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import type { ByteRange, Storage, StoredObject } from './storage';

/** The name a write has on disk until it is complete; garbage collection knows it as ours. */
export const INCOMING = '.incoming-';

/**
 * Files in one folder (DATA_DIR/uploads). A write goes to a hidden `.incoming-*` file that is
 * renamed into place when complete, so a reader never sees half a file.
 */
export function createDiskStorage(dir: string): Storage {
  mkdirSync(dir, { recursive: true });
  const path = (key: string) => join(dir, key);
  const head = async (key: string): Promise<StoredObject | undefined> => {
    const s = await stat(path(key)).catch(() => undefined);
    return s?.isFile() ? { key, size: s.size, lastModified: s.mtime } : undefined;
  };
  return {
    kind: 'disk',
    // The folder is this machine's own disk: if it is gone, so is the process.
    reachable: async () => true,
    async put(key, body) {
      const incoming = path(`${INCOMING}${randomUUID()}`);
      try {
        await pipeline(
          Buffer.isBuffer(body) ? Readable.from([body]) : body,
          createWriteStream(incoming, { flags: 'wx' }),
        );
        await rename(incoming, path(key));
      } catch (err) {
        await rm(incoming, { force: true });
        throw err;
      }
    },
    async get(key, range?: ByteRange) {
      if (!(await head(key))) return undefined;
      return createReadStream(path(key), range ? { start: range.start, end: range.end } : {});
    },
    head,
    async delete(key) {
      await rm(path(key), { force: true });
    },
    // Half-written `.incoming-*` files are listed too: one older than a write can take was left
    // by a process that stopped mid-write, and garbage collection removes it.
    async *listOlderThan(before) {
      for (const name of await readdir(dir)) {
        const found = await head(name);
        if (found && found.lastModified < before) yield found;
      }
    },
  };
}
