import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { SESSION_COOKIE } from './session';

/**
 * Issue 28: the API document as client generators read it. `npm run lint:api` holds it to
 * Redocly's recommended rules; this holds what those rules cannot see: names that stay unique,
 * and a session requirement that says what each route's own guards say.
 */
interface Operation {
  operationId?: string;
  summary?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, unknown>;
}
interface Doc {
  servers?: Array<{ url: string }>;
  components: { securitySchemes?: Record<string, { type: string; in: string; name: string }> };
  paths: Record<string, Record<string, Operation>>;
}

let h: Harness;
let doc: Doc;
let operations: Array<{ method: string; path: string; op: Operation }>;
beforeAll(async () => {
  h = await createHarness();
  const res = await h.app.inject({ method: 'GET', url: '/api/docs/json' });
  doc = res.json();
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
});
afterAll(() => h.close());

describe('the API document for client generators', () => {
  it('names the server and the session cookie', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(doc.components.securitySchemes?.cookieAuth).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE,
    });
  });

  it('gives every operation a unique camelCase operationId and a summary', () => {
    expect(operations.length).toBeGreaterThan(200);
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]*$/.test(id ?? ''))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter(({ op }) => !op.summary?.trim())).toEqual([]);
  });

  it('documents a success or a redirect for every operation', () => {
    const without = operations
      .filter(({ op }) => !Object.keys(op.responses).some((status) => /^[23]\d\d$/.test(status)))
      .map(({ method, path }) => `${method} ${path}`);
    expect(without).toEqual([]);
  });

  it('asks for the session exactly where the route guards refuse a visitor', () => {
    const wrong = operations.flatMap(({ method, path, op }) => {
      const rules = h.app.routeGuards.get(`${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
      if (!rules) return [`${method} ${path}: no route`];
      const needsSession = rules.some((rule) => rule.signedIn);
      const required = op.security?.length === 1 && 'cookieAuth' in op.security[0]!;
      return needsSession === required ? [] : [`${method} ${path}: security ${JSON.stringify(op.security)}`];
    });
    expect(wrong).toEqual([]);
    const open = (method: string, path: string) => doc.paths[path]![method]!.security;
    expect(open('post', '/api/login')).toEqual([]);
    expect(open('get', '/api/courses')).toEqual([{}, { cookieAuth: [] }]);
    expect(open('get', '/api/user')).toEqual([{ cookieAuth: [] }]);
  });
});
