import { TRUST_MS } from '../room-ledger';

/**
 * Polls a condition that another process makes true (a write, a disconnect it noticed, a Redis
 * message). By default for twice the time a process trusts what it read of a room without the
 * message that would correct it: on a loaded machine that message can come late, and the answer
 * is then right once the trust runs out (a CI run failed at 5 s, the trust's own length).
 */
export async function eventually(check: () => Promise<boolean>, ms = 2 * TRUST_MS): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
