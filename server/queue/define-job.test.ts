import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from './define-job';

describe('defineJob', () => {
  it('names a job <feature>.<what> and fills in the retry policy', () => {
    const job = defineJob({ name: 'sessions.reminder-24h', schema: z.object({ id: z.string() }), retry: { limit: 1 } });
    expect(job).toMatchObject({
      name: 'sessions.reminder-24h',
      keyed: false,
      timeoutSeconds: 900,
      retry: { limit: 1, delaySeconds: 10, backoff: true, maxDelaySeconds: 3_600 },
    });
  });

  it('refuses a name without its feature', () => {
    expect(() => defineJob({ name: 'reminder', schema: z.object({}) })).toThrow(/<feature>\.<what>/);
    expect(() => defineJob({ name: 'Mail.Send', schema: z.object({}) })).toThrow(/<feature>\.<what>/);
  });
});
