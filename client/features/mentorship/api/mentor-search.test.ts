import { describe, expect, it } from 'vitest';
import { mentorSearchFrom, mentorSearchParams } from './mentor-search';

describe('mentor search in the URL', () => {
  it('round-trips every filter', () => {
    const url = new URLSearchParams(
      'q=design&skills=figma&minPrice=5000&maxPrice=20000&available=week&minRating=4&page=2',
    );
    const search = mentorSearchFrom(url);
    expect(search).toEqual({
      q: 'design',
      skills: 'figma',
      minPrice: '5000',
      maxPrice: '20000',
      availableThisWeek: true,
      minRating: '4',
      page: 2,
    });
    expect(mentorSearchParams(search).toString()).toBe(
      'q=design&skills=figma&minPrice=5000&maxPrice=20000&available=week&minRating=4',
    );
  });

  it('drops values the server would refuse', () => {
    expect(
      mentorSearchFrom(new URLSearchParams('minPrice=-3&maxPrice=abc&available=month&minRating=9&page=0')),
    ).toEqual({
      q: '',
      skills: '',
      minPrice: '',
      maxPrice: '',
      availableThisWeek: false,
      minRating: '',
      page: 1,
    });
  });
});
