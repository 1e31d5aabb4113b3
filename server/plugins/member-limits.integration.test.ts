import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actor, as, courseInput, type Actor } from '../features/courses/testing/course-fixtures';
import { courses } from '../features/courses/catalogue/courses.table';
import { createHarness, type Harness } from '../test/harness';
import { operationsOf } from '../test/fuzz/openapi-requests';
import { validArb, type JsonSchema } from '../test/fuzz/schema-arbitraries';
import { COURSE_CREATION_LIMIT, WRITE_LIMIT } from './member-limits';

/** Issue 10: a fuzzing tutor created 807 draft courses. Limits at their real numbers (scale 1). */
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ rateLimitScale: 1 });
});
afterAll(() => h.close());

const markAllRead = (who: Actor) => as(h, who)('POST', '/api/notifications/mark-all-read');

async function exhaustWrites(who: Actor) {
  for (let i = 0; i < WRITE_LIMIT.max; i++) expect((await markAllRead(who)).statusCode).toBe(200);
}

describe('the per-member write limit', () => {
  it(`lets a member make ${WRITE_LIMIT.max} writes a minute, then answers 429 with a sentence, for that member only`, async () => {
    const [member, other] = [await actor(h, 'student'), await actor(h, 'student')];
    await exhaustWrites(member);
    const refused = await markAllRead(member);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: WRITE_LIMIT.message, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Reading is not writing, and another member has their own count.
    expect((await as(h, member)('GET', '/api/notifications')).statusCode).toBe(200);
    expect((await markAllRead(other)).statusCode).toBe(200);
  });

  it(`stops course creation at ${COURSE_CREATION_LIMIT.max} a day, and the refused one stores nothing`, async () => {
    const tutor = await actor(h, 'tutor');
    for (let i = 0; i < COURSE_CREATION_LIMIT.max; i++) {
      expect(
        (await as(h, tutor)('POST', '/api/courses', courseInput({ title: `Course number ${i}` }))).statusCode,
      ).toBe(201);
    }
    const refused = await as(h, tutor)('POST', '/api/courses', courseInput({ title: 'One course too many' }));
    expect([refused.statusCode, refused.json()]).toEqual([
      429,
      { error: COURSE_CREATION_LIMIT.message, code: 'RATE_LIMITED' },
    ]);
    const [stored] = await h.app.database.db
      .select({ n: count() })
      .from(courses)
      .where(eq(courses.tutorId, tutor.user.id));
    expect(stored!.n).toBe(COURSE_CREATION_LIMIT.max);
    // Other writes still have room in the shared count.
    expect((await markAllRead(tutor)).statusCode).toBe(200);
  });

  it('covers every state-changing route a member or an admin calls', async () => {
    const [member, admin] = [await actor(h, 'tutor'), await actor(h, 'admin')];
    await exhaustWrites(member);
    await exhaustWrites(admin);
    /** Writes made without a member: their own routes limit them per address and per account. */
    const anonymous =
      /^\/api\/(register|login|admin\/login|logout|resend-verification|request-password-reset|reset-password|webhooks\/|user\/email\/confirm|guardian-consent)/;
    const writes = operationsOf(h.app.swagger() as Parameters<typeof operationsOf>[0]).filter(
      (op) => op.method !== 'GET' && !anonymous.test(op.path),
    );
    expect(writes.length).toBeGreaterThan(25);
    const unlimited: string[] = [];
    for (const op of writes) {
      const who = op.path.startsWith('/api/admin/') ? admin : member;
      // Values the routes' own checks accept (a real address, a real date) where a pattern is not enough.
      const known = {
        uuids: [],
        byName: { newEmail: ['new.address@example.com'], dateOfBirth: ['1990-05-17'], timeZone: ['Africa/Lagos'] },
      };
      const value = (schema: JsonSchema) => String(fc.sample(validArb(schema, known), { seed: 1, numRuns: 1 })[0]);
      const path = op.parameters
        .filter((p) => p.in === 'path')
        .reduce((url, p) => url.replace(`{${p.name}}`, value(p.schema)), op.path);
      const query = op.parameters
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => `${p.name}=${encodeURIComponent(value(p.schema))}`);
      const url = query.length ? `${path}?${query.join('&')}` : path;
      // A body the route's schema accepts, so that the request gets past validation to the limit.
      const bodies = op.body ? fc.sample(validArb(op.body, known), { seed: 1, numRuns: 20 }) : [undefined];
      let status = 0;
      for (const body of bodies) {
        status = (
          await h.app.inject({
            method: op.method as 'POST',
            url,
            payload: body as object,
            headers: { cookie: who.cookie },
          })
        ).statusCode;
        if (status !== 400) break;
      }
      if (status !== 429) unlimited.push(`${op.method} ${op.path}: ${status}`);
    }
    expect(unlimited).toEqual([]);
  });
});
