import type { TCourseSummary } from '#shared/courses/courses.schemas';

/** Course `i` of a catalogue list: free and published, by one tutor; `over` changes any field. */
export const courseSummary = (i: number, over: Partial<TCourseSummary> = {}): TCourseSummary => ({
  id: `c${i}`,
  title: `Course ${i}`,
  summary: 'A summary of the course.',
  category: 'software',
  level: 'beginner',
  language: 'en',
  priceMinor: 0,
  currency: 'NGN',
  thumbnailUrl: null,
  thumbnailSrcset: null,
  status: 'published',
  tutor: { id: 't1', fullName: 'Adaeze Okafor', username: 'adaeze', avatarUrl: null },
  ratingAverage: 4.5,
  ratingCount: 12,
  enrolmentCount: 40,
  lessonCount: 6,
  durationSeconds: 5400,
  publishedAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
