import type { Readable } from 'node:stream';

/** An inclusive byte range, as HTTP Range headers count them. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

/**
 * Where upload bytes live: local disk under DATA_DIR, or an S3-compatible bucket that several
 * app processes share. Keys are server-made names (`<uuid>.<ext>`, `<uuid>-<width>w.webp`),
 * never anything a browser sent. Nothing else reads or writes upload files.
 */
export interface Storage {
  /** Which backend, for logs and the health of a deployment. */
  readonly kind: 'disk' | 's3';
  /**
   * Stores the stream's bytes under `key`. The stream may fail midway (too large, wrong type):
   * then nothing is left under the key, and the stream's error is what rejects.
   */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<void>;
  /** The bytes, or the given range of them; undefined when the key does not exist. */
  get(key: string, range?: ByteRange): Promise<Readable | undefined>;
  /** Size and age, or undefined when the key does not exist. */
  head(key: string): Promise<StoredObject | undefined>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Whether the store answers (readiness): the bucket exists and the keys may list it. */
  reachable(): Promise<boolean>;
  /** Every stored object last written before `before` (for garbage collection). */
  listOlderThan(before: Date): AsyncIterable<StoredObject>;
}
