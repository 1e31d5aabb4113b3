import { describe, expect, it } from 'vitest';
import { createReadiness } from './readiness';

describe('readiness', () => {
  it('is ready when every check answers true, and names each', async () => {
    const r = createReadiness();
    r.add('database', async () => true);
    r.add('queue', async () => true);
    expect(await r.state()).toEqual({ ready: true, checks: { database: 'up', queue: 'up' } });
  });

  it('is not ready when a check says false, throws or does not answer in time', async () => {
    const r = createReadiness({ timeoutMs: 50 });
    r.add('database', async () => true);
    r.add('redis', async () => false);
    r.add('bucket', async () => Promise.reject(new Error('refused')));
    r.add('queue', () => new Promise<boolean>(() => undefined));
    expect(await r.state()).toEqual({
      ready: false,
      checks: { database: 'up', redis: 'down', bucket: 'down', queue: 'down' },
    });
  });

  it('asks its checks at most once per max age, one probe shared by callers at once', async () => {
    let asked = 0;
    const r = createReadiness({ maxAgeMs: 60_000 });
    r.add('database', async () => {
      asked++;
      return true;
    });
    await Promise.all([r.state(), r.state(), r.state()]);
    await r.state();
    expect(asked).toBe(1);
  });

  it('answers "not ready" for good once draining, with the last states and without asking again', async () => {
    let asked = 0;
    const r = createReadiness({ maxAgeMs: 0 });
    r.add('database', async () => {
      asked++;
      return true;
    });
    await r.state();
    r.drain();
    expect(r.draining).toBe(true);
    expect(await r.state()).toEqual({ ready: false, checks: { database: 'up', process: 'draining' } });
    expect(asked).toBe(1);
  });

  it('refuses a check registered twice under one name', () => {
    const r = createReadiness();
    r.add('database', async () => true);
    expect(() => r.add('database', async () => true)).toThrow(/registered twice/);
  });
});
