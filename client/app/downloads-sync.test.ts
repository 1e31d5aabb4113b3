import { describe, expect, it } from 'vitest';
import type { TEnrolmentList } from '#shared/courses/lessons.schemas';
import { coursesToForget } from './downloads-sync';

const enrolled = (...ids: string[]) =>
  ({ enrollments: ids.map((id) => ({ course: { id } })) }) as unknown as TEnrolmentList;

describe('coursesToForget', () => {
  it('forgets the downloads of courses no longer enrolled (a refund), and keeps the rest', () => {
    expect(coursesToForget(['a', 'refunded', 'b'], enrolled('a', 'b', 'c'))).toEqual(['refunded']);
  });

  it('forgets everything when no enrolment is left', () => {
    expect(coursesToForget(['a', 'b'], enrolled())).toEqual(['a', 'b']);
  });

  it('has nothing to do without downloads', () => {
    expect(coursesToForget([], enrolled('a'))).toEqual([]);
  });
});
