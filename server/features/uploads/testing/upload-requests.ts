import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { StorageHarness } from './backends';

/** A multipart/form-data body with one file part, as a browser sends it. */
export function multipart(content: Buffer, filename: string, field = 'file', type = 'application/octet-stream') {
  const boundary = `----blet${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every file the storage holds (half-written ones included), sorted: from the bucket in S3 mode. */
export async function storedKeys(h: StorageHarness): Promise<string[]> {
  const keys = h.s3 ? await h.s3.keys() : readdirSync(join(h.config.dataDir, 'uploads'));
  return keys.sort();
}
