import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_LIMITS, ZUpload, ZUploadQuery } from '../../../shared/uploads/uploads.schemas';
import { AppError } from '../../lib/errors';
import { currentUser, optionalUser, requireArea } from '../../plugins/session';
import { STORED_EXTENSIONS, contentDisposition } from './magic-bytes';
import { PRIVATE_CACHE_CONTROL, UPLOADS_AREA, isPublicKind } from './upload-access';
import { UPLOADS_PATH } from './uploads.presenter';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;
const LARGEST = Math.max(...Object.values(UPLOAD_LIMITS).map((l) => l.maxBytes));
const STORED_NAME = new RegExp(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(${STORED_EXTENSIONS.join('|')})$`);

/**
 * POST /api/uploads?kind=image|video|document (multipart, one field `file`) and the files
 * themselves at /uploads/<stored name>. Registered encapsulated: its multipart parser and
 * its sendFile stay out of the rest of the app.
 */
export async function uploadsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { uploads } = app.services;

  await app.register(multipart, { limits: { files: 1, fields: 10, parts: 11, fileSize: LARGEST, headerPairs: 100 } });
  await app.register(fastifyStatic, {
    root: uploads.dir,
    serve: false,
    // Stored names are new uuids: a name's bytes never change. Private files override this.
    cacheControl: true,
    maxAge: '365d',
    immutable: true,
  });

  // Courses are the only users of uploads so far; a later area may open it more widely.
  app.post(
    '/api/uploads',
    { preHandler: requireArea(UPLOADS_AREA), schema: { tags: ['uploads'], querystring: ZUploadQuery, response: { 201: ZUpload } } },
    async (request, reply) => {
      const { kind } = request.query;
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data, in a field named "file".');
      }
      // A declared length far past the limit is refused before a byte is read; without one
      // (chunked), the stream's own limit stops it.
      if (Number(request.headers['content-length'] ?? 0) > UPLOAD_LIMITS[kind].maxBytes + MULTIPART_OVERHEAD) throw uploads.tooLarge(kind);
      const part = await request.file({ limits: { fileSize: UPLOAD_LIMITS[kind].maxBytes } });
      if (!part || part.fieldname !== 'file') {
        part?.file.resume();
        throw new AppError('VALIDATION_FAILED', 'Choose a file to upload.', { file: 'Choose a file to upload' });
      }
      const upload = await uploads.store(currentUser(request).id, kind, { stream: part.file, filename: part.filename });
      return reply.status(201).send(upload);
    },
  );

  /**
   * Images are public, like a CDN, and cached for good (the names are random uuids and their
   * bytes never change): they appear on public pages. Videos and documents are what a paid course
   * sells, so they go only to whoever may read them (uploads.service mayRead: the uploader, an
   * admin, and what the features that link them allow), with the session read as on any
   * visitor-open route; anyone else gets the same 404 as for a file that does not exist. The type
   * comes from the stored extension (which came from the bytes); documents always download.
   */
  app.get(
    `${UPLOADS_PATH}/:storedName`,
    {
      schema: {
        tags: ['uploads'],
        description: 'A stored file by the name POST /api/uploads answered: images to anyone; videos and documents to whoever may read them.',
        params: z.object({ storedName: z.string().max(100) }),
        response: { 200: { description: "The file's bytes, typed by its stored extension.", content: { 'application/octet-stream': { schema: z.file() } } } },
      },
    },
    async (request, reply) => {
      const { storedName } = request.params;
      const row = STORED_NAME.test(storedName) ? await uploads.findByStoredName(storedName) : undefined;
      if (!row) throw fileNotFound();
      const open = isPublicKind(row.kind);
      if (!open) {
        await optionalUser(request);
        if (!(await uploads.mayRead(request.user, row))) throw fileNotFound();
      }
      reply.header('content-type', row.contentType);
      reply.header('content-disposition', contentDisposition(row.kind === 'document' ? 'attachment' : 'inline', row.originalName));
      reply.header('x-content-type-options', 'nosniff');
      if (open) return reply.sendFile(storedName);
      // Whoever may read it today may not tomorrow (a refund ends an enrolment): no shared cache
      // keeps it, and the reader's own browser only for an hour.
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      return reply.sendFile(storedName, { cacheControl: false });
    },
  );
}

const fileNotFound = () => new AppError('NOT_FOUND', 'File not found.');
