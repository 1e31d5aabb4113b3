import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, onPostgres } from '#server/test/harness';
import { actor, type Actor } from '../courses/testing/course-fixtures';
import { harnessOn, type StorageHarness } from './testing/backends';
import { pngImage } from './testing/images';
import { multipart } from './testing/upload-requests';

/** Two app processes on one PostgreSQL and one bucket: the second runs as a child process. */
describe.skipIf(!onPostgres)('files shared by app processes through S3', () => {
  let h: StorageHarness;
  let peer: ChildProcess;
  let peerUrl: string;
  let tutor: Actor;

  beforeAll(async () => {
    h = await harnessOn('s3');
    tutor = await actor(h, 'tutor');
    const pool = (h.app.database.db as unknown as { $client: pg.Pool }).$client;
    const settings = { DATABASE_URL: pool.options.connectionString, APP_URL, ...h.s3!.env };
    peer = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/realtime/testing/peer-app.ts', JSON.stringify(settings)],
      {
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    const [line] = (await once(createInterface({ input: peer.stdout! }), 'line')) as [string];
    peerUrl = `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`;
  });
  afterAll(async () => {
    peer.stdin!.end();
    await once(peer, 'exit');
    await h.close();
  });

  const upload = async (kind: string, bytes: Buffer, name: string) => {
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/uploads?kind=${kind}`,
      ...withCookie(multipart(bytes, name)),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { url: string; srcset: string };
  };
  const withCookie = (body: { payload: Buffer; headers: Record<string, string> }) => ({
    payload: body.payload,
    headers: { ...body.headers, cookie: tutor.cookie },
  });

  it('serves an image uploaded through the first process from the second, copies included', async () => {
    const image = await pngImage(800, 450);
    const { url, srcset } = await upload('image', image, 'shared.png');
    const res = await fetch(`${peerUrl}${url}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(image)).toBe(true);
    const copy = await fetch(`${peerUrl}${srcset.split(' ')[0]}`);
    expect(copy.status).toBe(200);
    expect(copy.headers.get('content-type')).toBe('image/webp');
  });

  it('serves a byte range of a private video to its uploader from the second process, and 404 to a visitor', async () => {
    const video = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(50_000)]);
    const { url } = await upload('video', video, 'lesson.webm');
    const part = await fetch(`${peerUrl}${url}`, { headers: { cookie: tutor.cookie, range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(1000, 2000))).toBe(true);
    expect((await fetch(`${peerUrl}${url}`)).status).toBe(404);
  });
});
