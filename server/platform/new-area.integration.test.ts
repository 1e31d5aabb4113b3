import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUser, requireUser } from '../plugins/session';
import { modules } from '../modules';
import { adminLogin, buildUser, createHarness, login, type Harness } from '../test/harness';
import type { AnyModule, Platform } from './module';

/**
 * A throwaway area, written as a newcomer would (decision 045): its services from what it needs,
 * a route, and an admin queue handed to the console as a contribution. A real
 * area also adds `kudos: { kudos: KudosService }` to `ModuleMap` and is typed by `defineModule`;
 * this one is cast instead, so that a test's area does not enter every file's types.
 */
function createKudos(p: Platform) {
  const given = new Map<string, number>();
  return {
    give: (userId: string) => given.set(userId, (given.get(userId) ?? 0) + 1).get(userId)!,
    count: (userId: string) => given.get(userId) ?? 0,
    total: () => [...given.values()].reduce((a, b) => a + b, 0),
    at: () => p.now(),
  };
}
type Kudos = ReturnType<typeof createKudos>;

const kudosModule = {
  name: 'kudos',
  needs: ['accounts'],
  about: 'Kudos between members (a test area).',
  build: (p: Platform) => ({ kudos: createKudos(p) }),
  contributes: ({ kudos }: { kudos: Kudos }) => ({
    adminQueues: [{ kind: 'kudos', label: 'Kudos to look at', count: async () => kudos.total(), list: async () => [] }],
  }),
  routes: ({ kudos }: { kudos: Kudos }) => [
    async (app: FastifyInstance) => {
      app.post('/api/kudos', { preHandler: requireUser }, async (request) => ({
        count: kudos.give(currentUser(request).id),
      }));
    },
  ],
} as unknown as AnyModule;

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ modules: [...modules, kudosModule] });
});
afterAll(() => h.close());

describe('a new area is its folder and one line in the module list', () => {
  it('serves its route with the services it built', async () => {
    const user = await buildUser(h);
    const cookie = await login(h, user.username);
    const first = await h.app.inject({ method: 'POST', url: '/api/kudos', headers: { cookie } });
    expect(first.statusCode, first.body).toBe(200);
    expect((await h.app.inject({ method: 'POST', url: '/api/kudos', headers: { cookie } })).json()).toEqual({
      count: 2,
    });
    expect((h.services as unknown as { kudos: Kudos }).kudos.count(user.id)).toBe(2);
    expect((await h.app.inject({ method: 'POST', url: '/api/kudos' })).statusCode).toBe(401);
  });

  it('hands its contribution to the area that accepts it: the console lists its queue last', async () => {
    const admin = await adminLogin(h, (await buildUser(h, { role: 'admin' })).email);
    const res = await h.app.inject({ method: 'GET', url: '/api/admin/queues', headers: { cookie: admin } });
    expect(res.statusCode, res.body).toBe(200);
    const queues = res.json().queues as Array<{ kind: string; label: string; open: number }>;
    expect(queues.at(-1)).toEqual({ kind: 'kudos', label: 'Kudos to look at', open: 2 });
    expect(queues[0]!.kind).toBe('courses');
  });
});
