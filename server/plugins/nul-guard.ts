import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';

const NUL = '\u0000';

/** The headers whose values are stored (sessions keep the user agent). */
const STORED_HEADERS = ['user-agent'] as const;

export const nulMessage = (field: string) =>
  `${field} contains a NUL character (U+0000), which is not allowed. Remove it and try again.`;

/**
 * PostgreSQL cannot store U+0000 in text or jsonb: a string carrying it reached SQL and failed
 * there as a 500. One rule at the edge for every route, whatever its schema: a NUL anywhere in
 * the query, the path parameters, the parsed body (keys included) or a stored header is a 400
 * naming the field, before validation runs. Multipart bodies are read later by their route;
 * their file names are cleaned where they are stored.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const field = nulField(request);
    if (field === undefined) done();
    else done(new AppError('VALIDATION_FAILED', nulMessage(field), { [field]: nulMessage(field) }));
  });
}

function nulField(request: FastifyRequest): string | undefined {
  // The query and the path can only carry NUL percent-encoded: most requests skip their walk.
  if (request.url.includes('%00')) {
    const found = findNul(request.params) ?? findNul(request.query);
    if (found !== undefined) return found;
  }
  for (const name of STORED_HEADERS) if (request.headers[name]?.includes(NUL)) return name;
  return findNul(request.body, 'body');
}

/**
 * The dotted path of a string or key holding NUL (as the error handler names fields), or
 * undefined. A loop, not recursion: a megabyte of nested arrays must not overflow the stack.
 */
export function findNul(value: unknown, self = '_'): string | undefined {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path || self;
      continue;
    }
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    const entries = Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes(NUL)) return childPath.replaceAll(NUL, '');
      stack.push([child, childPath]);
    }
  }
  return undefined;
}
