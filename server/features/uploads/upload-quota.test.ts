import { describe, expect, it, vi } from 'vitest';
import type { TRole } from '#shared/roles';
import { overQuota, quotaOf, teachingStorage } from './upload-quota';

const MB = 1024 * 1024;
const quotas = { memberBytes: 250 * MB, tutorBytes: 20 * 1024 * MB };
const holding = (...roles: TRole[]) => ({ roles: ['general' as const, ...roles] });

describe('teachingStorage (decision 047)', () => {
  it.each([
    ['a member', holding(), false, false],
    ['an employer', holding('employer', 'talent', 'job_seeker'), true, false],
    ['a tutor whose courses wait for review', holding('tutor'), false, false],
    ['a tutor with an approved course', holding('tutor'), true, true],
    ['a mentor', holding('mentor'), false, true],
  ] as const)('%s: teaching quota %s', async (_who, owner, approved, granted) => {
    const storage = await teachingStorage(owner, quotas, async () => approved);
    expect(storage).toEqual({ granted, memberBytes: 250 * MB, teachingBytes: 20 * 1024 * MB });
    expect(quotaOf(storage)).toBe(granted ? 20 * 1024 * MB : 250 * MB);
  });

  it('asks about approved courses only for a tutor who is not a mentor', async () => {
    const approved = vi.fn(async () => true);
    await teachingStorage(holding('employer'), quotas, approved);
    await teachingStorage(holding('mentor', 'tutor'), quotas, approved);
    expect(approved).not.toHaveBeenCalled();
    await teachingStorage(holding('tutor'), quotas, approved);
    expect(approved).toHaveBeenCalledOnce();
  });
});

describe('overQuota', () => {
  const start =
    'This upload does not fit in your storage: you use 240.0 MB of your 250.0 MB. ' +
    'Remove files you no longer use from your lessons (unused files are deleted after a day) or upload a smaller file.';

  it('says what is used, the limit and what to do', () => {
    expect(overQuota(240 * MB, 250 * MB)).toMatchObject({
      message: start,
      fields: { file: 'Your uploads are limited to 250.0 MB in all' },
    });
  });

  it('tells a tutor waiting for review what the first approved course brings', () => {
    expect(overQuota(240 * MB, 250 * MB, 20 * 1024 * MB).message).toBe(
      `${start} Your storage grows to 20.0 GB once an admin approves your first course.`,
    );
  });
});
