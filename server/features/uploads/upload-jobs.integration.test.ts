import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUploadKind } from '#shared/uploads/uploads.schemas';
import { createStorage } from '#server/lib/storage';
import { actor, makeCourse, type Actor } from '../courses/testing/course-fixtures';
import { STORAGE_BACKENDS, harnessOn, type StorageHarness } from './testing/backends';
import { pngImage } from './testing/images';
import { storedKeys } from './testing/upload-requests';
import { keysOf } from './upload-maintenance';
import { collectGarbageJob, enqueueImageConversion } from './uploads.queue';
import { uploads } from './uploads.table';

const HOUR = 3_600_000;
const HEADS: Record<Exclude<TUploadKind, 'image' | 'avatar'>, Buffer> = {
  video: Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
  document: Buffer.from('%PDF-1.7\n'),
  captions: Buffer.from('WEBVTT\n\n'),
  attachment: Buffer.from('name,total\nAda,2\n'),
};

describe.each(STORAGE_BACKENDS)('upload jobs on %s storage', (backend) => {
  let h: StorageHarness;
  let tutor: Actor;
  let image: Buffer;
  beforeAll(async () => {
    h = await harnessOn(backend);
    tutor = await actor(h, 'tutor');
    image = await pngImage(800, 450);
  });
  afterAll(() => h.close());

  const store = (kind: Exclude<TUploadKind, 'avatar'>, name: string) =>
    h.services.uploads.store(tutor.user, kind, {
      stream: Readable.from([kind === 'image' ? image : Buffer.concat([HEADS[kind], randomBytes(2_000)])]),
      filename: name,
    });
  const rowOf = async (id: string) => (await h.app.database.db.select().from(uploads).where(eq(uploads.id, id)))[0];

  it('deletes, a day on, the uploads no course uses and the files no row names, and keeps the rest', async () => {
    const { courseContent, jobs } = h.services;
    const unusedImage = await store('image', 'never-used.png');
    const video = await store('video', 'lesson.webm');
    const workbook = await store('document', 'workbook.pdf');
    const course = await makeCourse(h, tutor.user, { status: 'draft' });
    await courseContent.updateLesson(tutor.user, course.id, course.lessonIds[0]!, {
      kind: 'video',
      videoUploadId: video.id,
      attachmentUploadIds: [workbook.id],
    });
    // A file stored and never recorded: the process stopped between the two.
    const storage = createStorage(h.config);
    const orphan = `${randomUUID()}.pdf`;
    await storage.put(orphan, Buffer.from('%PDF-1.7\norphan'), 'application/pdf');
    // On disk, half a file left by a process that stopped mid-write.
    const halfWritten = '.incoming-00000000-0000-4000-8000-000000000000';
    if (backend === 'disk') writeFileSync(join(h.config.dataDir, 'uploads', halfWritten), 'half');
    // Files that are not uploads' (a bucket shared with S3_PREFIX empty, a stray file on disk; .txt
    // is an attachment's now).
    const foreign = [`backup-2026-11-01.sql`, `${randomUUID()}.bak`];
    for (const key of foreign) await storage.put(key, Buffer.from('not ours'), 'text/plain');

    // Not yet a day: nothing goes.
    h.clock.advance(23 * HOUR);
    await jobs.send(h.app.database.db, collectGarbageJob, {});
    await h.jobs.runDue();
    expect(await rowOf(unusedImage.id)).toBeDefined();

    h.clock.advance(2 * HOUR);
    const fresh = await store('document', 'just-now.pdf');
    const unusedRow = (await rowOf(unusedImage.id))!;
    expect(await storedKeys(h)).toEqual(expect.arrayContaining(keysOf(unusedRow)));
    await jobs.send(h.app.database.db, collectGarbageJob, {});
    await h.jobs.runDue();

    expect(await rowOf(unusedImage.id)).toBeUndefined();
    const left = await storedKeys(h);
    for (const key of [...keysOf(unusedRow), orphan, halfWritten]) expect(left).not.toContain(key);
    for (const key of foreign) expect(await storage.head(key)).toBeDefined();
    for (const kept of [video, workbook, fresh]) {
      expect(await rowOf(kept.id)).toBeDefined();
      expect(left).toContain(kept.url.split('/').pop());
    }
    expect((await h.app.inject({ method: 'GET', url: unusedImage.url })).statusCode).toBe(404);
  });

  it('keeps an upload that a lesson links between the first look and the delete', async () => {
    const { courseContent, jobs, uploads: service } = h.services;
    const video = await store('video', 'saved-late.webm');
    const course = await makeCourse(h, tutor.user, { status: 'draft' });
    let linked = false;
    // Asked after courses answered "not in use": the tutor saves the lesson right then.
    service.addReferrer(async (ids) => {
      if (linked || !ids.includes(video.id)) return [];
      linked = true;
      await courseContent.updateLesson(tutor.user, course.id, course.lessonIds[0]!, {
        kind: 'video',
        videoUploadId: video.id,
        attachmentUploadIds: [],
      });
      return [];
    });

    h.clock.advance(25 * HOUR);
    await jobs.send(h.app.database.db, collectGarbageJob, {});
    await h.jobs.runDue();

    expect(linked).toBe(true);
    expect(await rowOf(video.id)).toBeDefined();
    expect(await storedKeys(h)).toContain(video.url.split('/').pop());
  });

  it('makes the WebP copies of images stored before copies existed, enqueued once however many processes start', async () => {
    const { jobs } = h.services;
    const old = await store('image', 'old.png');
    const row = (await rowOf(old.id))!;
    const copies = keysOf(row).slice(1);
    const storage = createStorage(h.config);
    for (const key of copies) await storage.delete(key);
    await h.app.database.db.update(uploads).set({ variantsMadeAt: null }).where(eq(uploads.id, old.id));

    // What each app process does at start; the second finds the first's job waiting.
    expect(await enqueueImageConversion(jobs, h.app.database.db)).toEqual(expect.any(String));
    expect(await enqueueImageConversion(jobs, h.app.database.db)).toBeNull();
    await h.jobs.runDue();

    expect(await storedKeys(h)).toEqual(expect.arrayContaining(copies));
    expect((await rowOf(old.id))!.variantsMadeAt).not.toBeNull();
    const copy = await h.app.inject({ method: 'GET', url: `/uploads/${old.id}-320w.webp` });
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('image/webp');
  });

  it('marks an image whose original does not decode as converted, so the job does not try it again', async () => {
    const { jobs } = h.services;
    const broken = await store('image', 'broken.png');
    const row = (await rowOf(broken.id))!;
    const storage = createStorage(h.config);
    for (const key of keysOf(row)) await storage.delete(key);
    // An upload recorded before uploads were decoded: a PNG's first bytes and nothing else.
    await storage.put(
      row.storedName,
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
      'image/png',
    );
    await h.app.database.db.update(uploads).set({ variantsMadeAt: null }).where(eq(uploads.id, broken.id));

    await enqueueImageConversion(jobs, h.app.database.db);
    await h.jobs.runDue();

    expect((await rowOf(broken.id))!.variantsMadeAt).not.toBeNull();
    expect((await h.app.inject({ method: 'GET', url: `/uploads/${broken.id}-320w.webp` })).statusCode).toBe(404);
  });
});
