import fc, { type Arbitrary } from 'fast-check';
import type { InjectOptions } from 'fastify';
import { fuzzArb, hostileArb, rarely, type JsonSchema, type KnownValues } from './schema-arbitraries';

export interface Operation {
  method: string;
  path: string;
  parameters: Array<{ in: string; name: string; required?: boolean; schema: JsonSchema }>;
  body?: JsonSchema;
  /** The statuses the document lists for it. */
  statuses: string[];
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type FuzzRequest = {
  method: Method;
  url: string;
  payload?: string | object | Buffer;
  headers: Record<string, string>;
};

/** Every operation of an OpenAPI 3 document, with its parameters and JSON body schema. */
export function operationsOf(doc: { paths?: Record<string, Record<string, unknown>> }): Operation[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, raw]) => {
      const op = raw as {
        parameters?: Operation['parameters'];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        responses?: object;
      };
      return {
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
        statuses: Object.keys(op.responses ?? {}),
      };
    }),
  );
}

/** Percent-encoding that survives lone surrogates (sent as the bytes Node would write). */
function encode(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

/** Raw bytes no encoder makes: broken percent escapes and overlong UTF-8. */
const RAW_URL_TRASH = fc.constantFrom('%', '%FF', '%C0%80', '%E0%A4%A', '%%00', '%00');

/** Bodies a JSON parser or content-type check must refuse cleanly. */
const RAW_BODIES = fc.constantFrom(
  { payload: '{"a":', type: 'application/json' },
  { payload: '', type: 'application/json' },
  { payload: 'null', type: 'application/json' },
  { payload: '"just a string"', type: 'application/json' },
  { payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}', type: 'application/json' },
  { payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, type: 'application/json' },
  { payload: 'title=x&summary=y', type: 'application/x-www-form-urlencoded' },
  { payload: 'plain\u0000text', type: 'text/plain' },
);

/**
 * multipart/form-data as a browser sends it, and as a broken client or a fuzzer does: a boundary
 * missing, empty or not the body's, a part cut short, a field of another name, random bytes
 * (issue 25: 57 of 198 such bodies answered 500 on /api/uploads before).
 */
const MULTIPART_BODIES = fc
  .record({
    boundary: fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
    field: fc.constantFrom('file', 'files', '', 'file"; x="'),
    filename: fc.oneof(fc.constant('photo.png'), fc.string({ maxLength: 30 })),
    bytes: fc.oneof(
      fc.uint8Array({ maxLength: 1024 }),
      fc.constant(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])),
      fc.constant(new TextEncoder().encode('%PDF-1.7\n%%EOF')),
    ),
    cut: fc.option(fc.nat(), { nil: undefined, freq: 2 }),
    header: fc.constantFrom('right', 'none', 'empty', 'other'),
    raw: fc.boolean(),
  })
  .map(({ boundary, field, filename, bytes, cut, header, raw }) => {
    const whole = raw
      ? Buffer.from(bytes)
      : Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
              'Content-Type: application/octet-stream\r\n\r\n',
          ),
          Buffer.from(bytes),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
    const payload = cut === undefined ? whole : whole.subarray(0, cut % (whole.length + 1));
    const type = {
      right: `multipart/form-data; boundary=${boundary}`,
      none: 'multipart/form-data',
      empty: 'multipart/form-data; boundary=',
      other: 'multipart/form-data; boundary=not-the-one',
    }[header];
    return { payload, type };
  });

/** Requests for one operation: path and query from its parameters, a body from its schema. */
export function requestArb(op: Operation, known: KnownValues, cookie: string | undefined): Arbitrary<FuzzRequest> {
  const param = (p: Operation['parameters'][number]) =>
    p.required || p.in === 'path'
      ? fuzzArb(p.schema, known, p.name)
      : fc.option(fuzzArb(p.schema, known, p.name), { nil: undefined, freq: 3 });
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const bodyArb: Arbitrary<{ payload?: string | object | Buffer; type?: string } | undefined> = op.body
    ? fc.oneof(
        { arbitrary: fuzzArb(op.body, known).map((payload) => ({ payload: payload as object })), weight: 9 },
        { arbitrary: RAW_BODIES, weight: 1 },
        { arbitrary: MULTIPART_BODIES, weight: 1 },
        { arbitrary: fc.constant(undefined), weight: 1 },
      )
    : op.method === 'GET'
      ? fc.constant(undefined)
      : fc.option(
          fc.oneof(
            hostileArb().map((payload) => ({ payload: JSON.stringify(payload) ?? 'null', type: 'application/json' })),
            RAW_BODIES,
            MULTIPART_BODIES,
          ),
          { nil: undefined, freq: 2 },
        );

  return fc
    .record({
      path: fc.tuple(...pathParams.map(param)),
      query: fc.tuple(...queryParams.map(param)),
      trash: rarely(RAW_URL_TRASH),
      body: bodyArb,
    })
    .map(({ path, query, trash, body }) => {
      let url = op.path;
      pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, encode(path[i]))));
      const pairs = queryParams.flatMap((p, i) => {
        const value = query[i];
        if (value === undefined) return [];
        return (Array.isArray(value) ? value : [value]).map((v) => `${p.name}=${encode(v)}`);
      });
      if (trash) pairs.push(`${queryParams[0]?.name ?? 'x'}=${trash}`);
      const headers: Record<string, string> = cookie ? { cookie } : {};
      if (body?.type) headers['content-type'] = body.type;
      return {
        method: op.method as Method,
        url: pairs.length ? `${url}?${pairs.join('&')}` : url,
        payload: body?.payload,
        headers,
      };
    });
}

/** A seed per operation and actor, so adding a route leaves every other route's requests as they were. */
export function seedFor(base: number, key: string): number {
  let hash = base | 0;
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

export const asInject = (r: FuzzRequest): InjectOptions => ({
  method: r.method,
  url: r.url,
  payload: r.payload,
  headers: r.headers,
});
