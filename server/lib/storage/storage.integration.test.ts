import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/env';
import { startFakeS3, type FakeS3 } from '#server/test/fake-s3';
import { createStorage, type Storage } from './index';

/** The same contract on both backends: the uploads feature never knows which it has. */
describe.each(['disk', 's3'] as const)('%s storage', (backend) => {
  let storage: Storage;
  let s3: FakeS3 | undefined;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'blet-storage-'));
    s3 = backend === 's3' ? await startFakeS3() : undefined;
    storage = createStorage(loadConfig({ DATA_DIR: dataDir, ...s3?.env }));
    expect(storage.kind).toBe(backend);
  });
  afterAll(async () => {
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const bytes = async (stream: Readable | undefined) => {
    const chunks: Buffer[] = [];
    for await (const c of stream!) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };

  it('answers that it is reachable (readiness)', async () => {
    expect(await storage.reachable()).toBe(true);
  });

  it('puts a stream, then gets it whole, in ranges, and its size', async () => {
    const body = randomBytes(10_000);
    await storage.put(
      'a.bin',
      Readable.from([body.subarray(0, 4000), body.subarray(4000)]),
      'application/octet-stream',
    );
    expect(await bytes(await storage.get('a.bin'))).toEqual(body);
    expect(await bytes(await storage.get('a.bin', { start: 100, end: 199 }))).toEqual(body.subarray(100, 200));
    expect(await bytes(await storage.get('a.bin', { start: 9_990, end: 9_999 }))).toEqual(body.subarray(9_990));
    expect(await storage.head('a.bin')).toMatchObject({ key: 'a.bin', size: 10_000 });
  });

  it('stores a stream longer than one part (multipart on S3)', async () => {
    const body = randomBytes(8 * 1024 * 1024 + 5_000);
    await storage.put('big.bin', Readable.from([body]), 'application/octet-stream');
    expect((await storage.head('big.bin'))?.size).toBe(body.length);
    expect(await bytes(await storage.get('big.bin', { start: body.length - 10, end: body.length - 1 }))).toEqual(
      body.subarray(-10),
    );
  });

  it('leaves nothing behind when the stream fails midway', async () => {
    const failing = Readable.from(
      (async function* () {
        yield randomBytes(9 * 1024 * 1024);
        throw new Error('the sender went away');
      })(),
    );
    await expect(storage.put('broken.bin', failing, 'application/octet-stream')).rejects.toThrow(
      'the sender went away',
    );
    expect(await storage.head('broken.bin')).toBeUndefined();
    if (backend === 'disk')
      expect(readdirSync(join(dataDir, 'uploads')).filter((n) => n.startsWith('.incoming'))).toEqual([]);
  });

  it('answers undefined for a missing key, deletes, and lists what is older than a date', async () => {
    expect(await storage.get('missing.bin')).toBeUndefined();
    expect(await storage.head('missing.bin')).toBeUndefined();
    await storage.put('old.txt', Buffer.from('old'), 'text/plain');
    expect(await bytes(await storage.get('old.txt'))).toEqual(Buffer.from('old'));
    const listed = async (before: Date) => {
      const keys: string[] = [];
      for await (const o of storage.listOlderThan(before)) keys.push(o.key);
      return keys.sort();
    };
    expect(await listed(new Date(Date.now() + 60_000))).toEqual(['a.bin', 'big.bin', 'old.txt']);
    expect(await listed(new Date(Date.now() - 60_000))).toEqual([]);
    await storage.delete('old.txt');
    await storage.delete('old.txt');
    expect(await storage.head('old.txt')).toBeUndefined();
  });
});
