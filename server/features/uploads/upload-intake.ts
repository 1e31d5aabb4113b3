import { Readable, Transform } from 'node:stream';
import { SNIFF_BYTES, detectType, type DetectedType } from './magic-bytes';

/**
 * The file's type from its first bytes, and the whole stream again (those bytes included) to
 * store: the type decides the stored name before a byte is written. Undefined type when the
 * bytes are no accepted type.
 */
export async function sniff(stream: Readable): Promise<{ type: DetectedType | undefined; body: Readable }> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let head = Buffer.alloc(0);
  let done = false;
  while (head.length < SNIFF_BYTES && !done) {
    const next = await chunks.next();
    if (next.done) done = true;
    else head = Buffer.concat([head, next.value]);
  }
  const rest = async function* () {
    if (head.length > 0) yield head;
    if (done) return;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  };
  return { type: detectType(head), body: Readable.from(rest(), { objectMode: false }) };
}

/**
 * Counts the bytes that pass, and fails the stream with `tooMany()` once they pass `max`: what
 * stops an upload past the member's quota when no length was declared.
 */
export function byteCounter(max: number, tooMany: () => Error) {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > max ? tooMany() : null, chunk);
    },
  });
  return Object.assign(counter, { bytes: () => size });
}

/** The whole stream in memory: only for images, which are at most 5 MB. */
export async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
