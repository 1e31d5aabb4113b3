import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';

/** Issue 10: the API document listed only success answers, and left /uploads/{name} out. */
interface Doc {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> }>
  >;
  components: { schemas: Record<string, { required?: string[]; properties?: Record<string, unknown> }> };
}

let h: Harness;
let doc: Doc;
beforeAll(async () => {
  h = await createHarness();
  doc = h.app.swagger() as unknown as Doc;
});
afterAll(() => h.close());

const ENVELOPE = '#/components/schemas/ErrorBody';
const errorsOf = (path: string, method: string) =>
  Object.entries(doc.paths[path]![method]!.responses)
    .filter(
      ([status, answer]) => Number(status) >= 400 && answer.content?.['application/json']?.schema?.$ref === ENVELOPE,
    )
    .map(([status]) => Number(status));

describe('the API document', () => {
  it('has one shared error envelope', () => {
    const body = doc.components.schemas.ErrorBody!;
    expect(body.required).toEqual(['error', 'code']);
    expect(Object.keys(body.properties!)).toEqual(['error', 'code', 'fields']);
    expect(Object.keys(doc.components.schemas)).toEqual(['ErrorBody']);
  });

  it('gives every operation at least one 4xx answer with the envelope', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => ({ path, method })),
    );
    expect(operations.length).toBeGreaterThan(50);
    const without = operations.filter(({ path, method }) => errorsOf(path, method).length === 0);
    expect(without).toEqual([]);
  });

  it('lists the uploaded files path', () => {
    expect(errorsOf('/uploads/{storedName}', 'get')).toEqual([400, 404, 414]);
    expect(Object.keys(doc.paths['/uploads/{storedName}']!.get!.responses)).toContain('200');
  });

  it('derives the answers from guards, inputs, methods and limits', () => {
    // Open to visitors, closed to a member suspended from courses.
    expect(errorsOf('/api/courses', 'get')).toEqual([400, 403]);
    expect(errorsOf('/api/courses', 'post')).toEqual([400, 401, 403, 413, 415, 429]);
    expect(errorsOf('/api/courses/{id}', 'delete')).toEqual([400, 401, 403, 404, 413, 414, 415, 429]);
    expect(errorsOf('/api/admin/courses', 'get')).toEqual([400, 401, 403]);
    expect(errorsOf('/api/user', 'get')).toEqual([400, 401]);
    // Answers only the service knows, declared by the route.
    expect(errorsOf('/api/register', 'post')).toEqual([400, 403, 409, 413, 415, 429]);
    expect(errorsOf('/api/course-payments/courses/{courseId}/payment/verify', 'post')).toEqual([
      400, 401, 402, 403, 404, 409, 413, 414, 415, 429, 502,
    ]);
  });
});
