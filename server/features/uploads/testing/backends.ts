import { createHarness, type Harness } from '#server/test/harness';
import { startFakeS3, type FakeS3 } from '#server/test/fake-s3';

/** The storage backends every uploads test runs on: DATA_DIR/uploads and a local S3 server. */
export const STORAGE_BACKENDS = ['disk', 's3'] as const;
export type StorageBackend = (typeof STORAGE_BACKENDS)[number];

export interface StorageHarness extends Harness {
  /** The fake S3 server in S3 mode, to look into the bucket. */
  s3?: FakeS3;
}

/** createHarness() with uploads on `backend`; close() stops the S3 server too. */
export async function harnessOn(
  backend: StorageBackend,
  opts: Parameters<typeof createHarness>[0] = {},
): Promise<StorageHarness> {
  const s3 = backend === 's3' ? await startFakeS3() : undefined;
  const h = await createHarness({ ...opts, env: { ...opts.env, ...s3?.env } });
  return {
    ...h,
    s3,
    async close() {
      await h.close();
      await s3?.close();
    },
  };
}
