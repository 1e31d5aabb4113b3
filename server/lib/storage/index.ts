import { join } from 'node:path';
import type { Config } from '#server/env';
import { createDiskStorage } from './disk-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

export { INCOMING as INCOMING_PREFIX } from './disk-storage';
export type { ByteRange, Storage, StoredObject } from './storage';

/** The bucket when S3_* settings are given, DATA_DIR/uploads otherwise. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(join(config.dataDir, 'uploads'));
}
