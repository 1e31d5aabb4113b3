import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_LIMITS, ZUpload, ZUploadQuery, type TUploadKind } from '#shared/uploads/uploads.schemas';
import { AppError } from '#server/lib/errors';
import type { MemberLimit } from '#server/plugins/member-limits';
import { allowSameOriginFraming } from '#server/plugins/security';
import { OPTIONAL_SESSION } from '#server/plugins/api-operations';
import { currentUser, openToAll, optionalUser, requireArea } from '#server/plugins/session';
import { contentDisposition } from './magic-bytes';
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, UPLOADS_AREA, isPublic } from './upload-access';
import { UPLOADS_PATH, smallestCopy } from './uploads.presenter';
import type { AllServices } from '#server/platform/module';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;
const LARGEST = Math.max(...Object.values(UPLOAD_LIMITS).map((l) => l.maxBytes));
const HOUR = 3_600_000;

/**
 * Busboy refuses a body that is not well-formed multipart (no boundary, a part cut short, bytes
 * that are not parts) with a plain Error: no status, which would answer 500. Errors that carry a
 * status (the plugin's limits, 4xx) keep it.
 */
function asMalformed(err: unknown): never {
  if (err instanceof AppError || (err as { statusCode?: number }).statusCode) throw err;
  throw new AppError('BAD_REQUEST', 'The file arrived incomplete or garbled. Choose it again and send it once more.');
}
/**
 * Uploads a member may start in an hour. A tutor filling a 40-lesson course in one sitting
 * sends about 80 (a video and a workbook per lesson); a script filling the disk sends more.
 */
export const UPLOADS_PER_HOUR = 120;
const UPLOADS_LIMIT: MemberLimit = {
  name: 'uploads',
  max: UPLOADS_PER_HOUR,
  windowMs: HOUR,
  message: `You have uploaded ${UPLOADS_PER_HOUR} files in the last hour. Please wait a while and try again.`,
};

/**
 * POST /api/uploads?kind=image|video|document|avatar|captions|attachment (multipart, one field `file`) and the files
 * themselves at /uploads/<stored name>. Registered encapsulated: its multipart parser stays out
 * of the rest of the app.
 */
export async function uploadsRoutes(root: FastifyInstance, { uploads }: Pick<AllServices, 'uploads'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { limits: { files: 1, fields: 10, parts: 11, fileSize: LARGEST, headerPairs: 100 } });

  // Courses are the only users of uploads so far; a later area may open it more widely.
  app.post(
    '/api/uploads',
    {
      preHandler: requireArea(UPLOADS_AREA),
      config: { memberLimit: UPLOADS_LIMIT },
      schema: { tags: ['uploads'], querystring: ZUploadQuery, response: { 201: ZUpload } },
    },
    async (request, reply) => {
      const { kind, private: isPrivate } = request.query;
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data, in a field named "file".');
      }
      // A declared length far past the limit is refused before a byte is read; without one
      // (chunked), the stream's own limit stops it.
      const declared =
        request.headers['content-length'] === undefined
          ? undefined
          : Math.max(0, Number(request.headers['content-length']) - MULTIPART_OVERHEAD);
      if (declared !== undefined && declared > UPLOAD_LIMITS[kind].maxBytes) throw uploads.tooLarge(kind);
      const part = await request.file({ limits: { fileSize: UPLOAD_LIMITS[kind].maxBytes } }).catch(asMalformed);
      if (!part || part.fieldname !== 'file') {
        part?.file.resume();
        throw new AppError('VALIDATION_FAILED', 'Choose a file to upload.', { file: 'Choose a file to upload' });
      }
      // The parser reports a body that breaks off or garbles mid-file by destroying the file's
      // stream with its error, possibly before storing starts: wherever storing meets that error,
      // it is the sender's; any other stays ours.
      const upload = await uploads
        .store(currentUser(request), kind, { stream: part.file, filename: part.filename }, declared, isPrivate)
        .catch((err: unknown) => {
          throw part.file.errored && !(err instanceof AppError) ? asMalformed(part.file.errored) : err;
        });
      return reply.status(201).send(upload);
    },
  );

  /**
   * Images (and their resized WebP copies) are public unless uploaded with `private=true`, like a CDN, and cached for good (the
   * names are random uuids and their bytes never change): they appear on public pages. Videos and
   * documents are what a paid course sells, so they go only to whoever may read them
   * (uploads.service mayRead: the uploader, an admin, and what the features that link them
   * allow), with the session read as on any visitor-open route; anyone else gets the same 404 as
   * for a file that does not exist. The type comes from the stored extension (which came from the
   * bytes); documents and attachments download, except a PDF asked for with `?view=inline` (an employer reading a
   * CV in the pipeline), which the browser's own viewer shows, framed by our pages only.
   * Byte ranges let videos seek, from disk or bucket alike.
   */
  const params = z.object({ storedName: z.string().max(100) });
  const querystring = z.object({ view: z.enum(['inline']).optional() });
  // HEAD is its own route so that it answers the size without opening the file; it stays out of
  // the document, where GET describes the file.
  app.get(
    `${UPLOADS_PATH}/:storedName`,
    {
      // Open: who may read a file is the service's (mayRead), after the file is found.
      preHandler: openToAll,
      exposeHeadRoute: false,
      schema: {
        tags: ['uploads'],
        summary: 'Read an uploaded file',
        // Open to all, but a private file is read with the session's rights.
        security: OPTIONAL_SESSION,
        description:
          "A stored file by the name POST /api/uploads answered: images to anyone (unless uploaded as private); videos, documents and private files to whoever may read them. One byte range is served (206; 416 past the end). A picture's original asked with `Save-Data: on` is answered with its smallest WebP copy (128 px wide), with `Vary: Save-Data`.",
        params,
        querystring,
        response: {
          200: {
            description: "The file's bytes, typed by its stored extension.",
            content: { 'application/octet-stream': { schema: z.file() } },
          },
        },
      },
    },
    (request, reply) =>
      serveFile(request.params.storedName, request.query.view === 'inline', request, reply as FastifyReply),
  );
  app.head(`${UPLOADS_PATH}/:storedName`, { schema: { hide: true, params, querystring } }, (request, reply) =>
    serveFile(request.params.storedName, request.query.view === 'inline', request, reply),
  );

  // The answer is bytes, a range of them, or an error body: the documented 200 is for readers of
  // the OpenAPI document, not a shape to check the reply against.
  async function serveFile(storedName: string, inlineView: boolean, request: FastifyRequest, reply: FastifyReply) {
    const found = await uploads.find(storedName, { saveData: request.headers['save-data'] === 'on' });
    if (!found) throw fileNotFound();
    const { row, key, contentType } = found;
    const open = isPublic(row);
    // A picture's original depends on Save-Data (its smallest copy when asked): caches keep the two apart.
    if (storedName === row.storedName && smallestCopy(row) !== undefined) reply.header('vary', 'Save-Data');
    if (!open) {
      await optionalUser(request);
      if (!(await uploads.mayRead(request.user, row))) throw fileNotFound();
    }
    const head = request.method === 'HEAD';
    const file = await uploads.open(key, request.headers.range, !head);
    if (!file) throw fileNotFound();
    reply.header('accept-ranges', 'bytes');
    reply.header('x-content-type-options', 'nosniff');
    // Whoever may read a private file today may not tomorrow (a refund ends an enrolment): no
    // shared cache keeps it, and the reader's own browser only for an hour.
    reply.header('cache-control', open ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
    if ('unsatisfiable' in file) {
      return reply
        .status(416)
        .header('content-range', `bytes */${file.size}`)
        .send({ error: 'That part of the file does not exist.', code: 'BAD_REQUEST' });
    }
    reply.header('content-type', contentType);
    const pdfView = inlineView && contentType === 'application/pdf';
    if (pdfView) allowSameOriginFraming(reply);
    reply.header(
      'content-disposition',
      contentDisposition(downloadOnly(row.kind) && !pdfView ? 'attachment' : 'inline', row.originalName),
    );
    const { range } = file;
    if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
    reply.header('content-length', range ? range.end - range.start + 1 : file.size);
    return reply.send(head ? undefined : file.body);
  }
}

/** Documents are saved, never opened by the browser as a page of ours (nosniff keeps their type). */
const downloadOnly = (kind: TUploadKind) => kind === 'document' || kind === 'attachment';

const fileNotFound = () => new AppError('NOT_FOUND', 'File not found.');
