import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { takeTurns, turnsOf } from './pglite-turns';

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create('memory://');
});
afterAll(() => client.close());

/** Three statements one after another, as a request does, noting each as it ends. */
async function request(name: string, order: string[]) {
  for (let i = 0; i < 3; i++) {
    await client.query('select 1');
    order.push(`${name}${i}`);
  }
}

/** Request a starts now; request b arrives from a later event-loop callback, as a second socket's read does. */
async function twoRequests() {
  const order: string[] = [];
  const a = request('a', order);
  const b = new Promise<void>((resolve) => setImmediate(() => resolve(request('b', order))));
  await Promise.all([a, b]);
  return order;
}

it('without turns, a request that started runs all its statements before a later arrival gets one', async () => {
  expect(await twoRequests()).toEqual(['a0', 'a1', 'a2', 'b0', 'b1', 'b2']);
});

it('with turns, a later arrival gets its first statement before the first request ends', async () => {
  takeTurns(client);
  const order = await twoRequests();
  expect(order.indexOf('b0')).toBeLessThan(order.indexOf('a2'));
  expect(order.filter((x) => x.startsWith('a'))).toEqual(['a0', 'a1', 'a2']);
});

it('is applied once, and transactions still commit', async () => {
  const query = client.query;
  takeTurns(client);
  expect(client.query).toBe(query);
  const n = await client.transaction(async (tx) => (await tx.query<{ n: number }>('select 2 as n')).rows[0]!.n);
  expect(n).toBe(2);
  expect((await client.exec('select 3'))[0]!.rows).toHaveLength(1);
});

it('counts the calls in flight as one connection in use and the rest waiting (the pool metrics)', async () => {
  expect(turnsOf(client)).toEqual({ inUse: 0, waiting: 0 });
  const calls = [client.query('select 1'), client.exec('select 2'), client.query('select 3')];
  expect(turnsOf(client)).toEqual({ inUse: 1, waiting: 2 });
  await Promise.all(calls);
  expect(turnsOf(client)).toEqual({ inUse: 0, waiting: 0 });
});
