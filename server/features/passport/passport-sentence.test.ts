import { describe, expect, it } from 'vitest';
import { evidenceSentence, type SentenceItem } from './passport-sentence';

const at = (day: number) => new Date(Date.UTC(2026, 10, day));
const item = (kind: SentenceItem['kind'], title = 'X', day = 1, rating: number | null = null): SentenceItem => ({
  kind,
  title,
  at: at(day),
  rating,
});

describe('evidence sentence (issue 31 item 3)', () => {
  it('counts gigs and averages their ratings to one decimal', () => {
    const items = [item('gig', 'A', 1, 5), item('gig', 'B', 2, 4.8), item('assessment')];
    expect(evidenceSentence('React', 'proven', items)).toBe('React: proven — 2 gigs rated 4.9, 1 assessment passed');
  });

  it('leaves unrated gigs out of the average, and says nothing of a rating when none is rated', () => {
    expect(evidenceSentence('Go', 'learning', [item('gig', 'A', 1, 4), item('gig')])).toBe(
      'Go: learning — 2 gigs rated 4',
    );
    expect(evidenceSentence('Go', 'learning', [item('gig')])).toBe('Go: learning — 1 gig');
  });

  it('names the newest course, with a count when there are several', () => {
    expect(evidenceSentence('SQL', 'learning', [item('course', 'SQL basics')])).toBe(
      'SQL: learning — course completed: SQL basics',
    );
    const courses = [item('course', 'Old', 1), item('course', 'Newest', 9), item('course', 'Mid', 5)];
    expect(evidenceSentence('SQL', 'learning', courses)).toBe('SQL: learning — 3 courses completed, newest Newest');
  });

  it('words hires and endorsements', () => {
    const items = [item('hire'), item('endorsement'), item('endorsement')];
    expect(evidenceSentence('UX', 'expert', items)).toBe('UX: expert — hired once, 2 mentor endorsements');
  });

  it('says so when a skill has no evidence', () => {
    expect(evidenceSentence('Figma', 'claimed', [])).toBe('Figma: claimed — on the profile, no evidence yet');
  });
});
