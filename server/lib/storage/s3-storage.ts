import { Readable } from 'node:stream';
import type { S3Config } from '#server/env';
import type { Storage, StoredObject } from './storage';
import { lazy } from '../lazy-import';

/** S3 refuses multipart parts under 5 MiB (but the last); 8 MiB keeps a 500 MB video under 63 parts. */
const PART_BYTES = 8 * 1024 * 1024;

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/** Reads a stream in parts of `size` bytes (the last one shorter), holding one part at a time. */
async function* parts(body: Readable, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    pending.push(chunk);
    length += chunk.length;
    while (length >= size) {
      const all = Buffer.concat(pending);
      yield all.subarray(0, size);
      pending = [all.subarray(size)];
      length = all.length - size;
    }
  }
  yield Buffer.concat(pending);
}

/**
 * An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2...) through the official
 * client. A file of one part is one PutObject; a longer stream is a multipart upload, so a
 * 500 MB video is never held in memory whole, and an aborted one leaves no object behind.
 */
export function createS3Storage(config: S3Config): Storage {
  // The SDK loads with the first call, not with the server: it was a tenth of the start (decision 084).
  const s3 = lazy(async () => {
    const sdk = await import('@aws-sdk/client-s3');
    return { sdk, client: makeClient(sdk) };
  });
  const makeClient = (sdk: typeof import('@aws-sdk/client-s3')) =>
    new sdk.S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Checksums only where S3 demands them: many S3-compatible servers do not speak the
      // streaming checksum trailers that newer SDKs send by default.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const Bucket = config.bucket;
  const Key = (key: string) => `${config.prefix}${key}`;
  // A process with a bucket uses it: the SDK loads now, beside the start, not inside the first
  // readiness probe, whose 2 s it could eat on a loaded machine. A failure shows on first use.
  s3().catch(() => undefined);

  async function putStream(key: string, body: Readable, contentType: string) {
    const { sdk, client } = await s3();
    let uploadId: string | undefined;
    const etags: string[] = [];
    try {
      for await (const part of parts(body, PART_BYTES)) {
        if (!uploadId && part.length < PART_BYTES) {
          await client.send(new sdk.PutObjectCommand({ Bucket, Key: Key(key), Body: part, ContentType: contentType }));
          return;
        }
        uploadId ??= (
          await client.send(new sdk.CreateMultipartUploadCommand({ Bucket, Key: Key(key), ContentType: contentType }))
        ).UploadId;
        if (part.length === 0) continue;
        const sent = await client.send(
          new sdk.UploadPartCommand({
            Bucket,
            Key: Key(key),
            UploadId: uploadId,
            PartNumber: etags.length + 1,
            Body: part,
          }),
        );
        etags.push(sent.ETag!);
      }
      await client.send(
        new sdk.CompleteMultipartUploadCommand({
          Bucket,
          Key: Key(key),
          UploadId: uploadId,
          MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
        }),
      );
    } catch (err) {
      if (uploadId)
        await client
          .send(new sdk.AbortMultipartUploadCommand({ Bucket, Key: Key(key), UploadId: uploadId }))
          .catch(() => undefined);
      throw err;
    }
  }

  async function head(key: string): Promise<StoredObject | undefined> {
    const { sdk, client } = await s3();
    try {
      const found = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: Key(key) }));
      return { key, size: found.ContentLength ?? 0, lastModified: found.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  return {
    kind: 's3',
    async reachable() {
      const { sdk, client } = await s3();
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket }));
        return true;
      } catch {
        return false;
      }
    },
    async put(key, body, contentType) {
      const { sdk, client } = await s3();
      if (Buffer.isBuffer(body)) {
        await client.send(new sdk.PutObjectCommand({ Bucket, Key: Key(key), Body: body, ContentType: contentType }));
      } else {
        await putStream(key, body, contentType);
      }
    },
    async get(key, range) {
      const { sdk, client } = await s3();
      try {
        const found = await client.send(
          new sdk.GetObjectCommand({
            Bucket,
            Key: Key(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return found.Body as Readable;
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    head,
    async delete(key) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },
    async *listOlderThan(before) {
      const { sdk, client } = await s3();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: config.prefix, ContinuationToken }),
        );
        for (const o of page.Contents ?? []) {
          if (o.Key && o.LastModified && o.LastModified < before) {
            yield { key: o.Key.slice(config.prefix.length), size: o.Size ?? 0, lastModified: o.LastModified };
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
