/** The directory's search as the page URL and the API both carry it (one set of names for both). */
export interface MentorSearch {
  q: string;
  skills: string;
  /** Naira, as typed; '' for no bound. */
  minPrice: string;
  maxPrice: string;
  availableThisWeek: boolean;
  /** '' or '1'..'5'. */
  minRating: string;
  page: number;
}

const wholeNaira = (v: string | null) => (v && /^\d{1,9}$/.test(v.trim()) ? v.trim() : '');

/** Reads the page URL, dropping anything the server would refuse. */
export function mentorSearchFrom(params: URLSearchParams): MentorSearch {
  const rating = params.get('minRating') ?? '';
  return {
    q: params.get('q') ?? '',
    skills: params.get('skills') ?? '',
    minPrice: wholeNaira(params.get('minPrice')),
    maxPrice: wholeNaira(params.get('maxPrice')),
    availableThisWeek: params.get('available') === 'week',
    minRating: /^[1-5]$/.test(rating) ? rating : '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

/** The query string of a search (without the page), for the URL and for GET /api/mentors. */
export function mentorSearchParams(s: Omit<MentorSearch, 'page'>): URLSearchParams {
  const p = new URLSearchParams();
  if (s.q.trim()) p.set('q', s.q.trim());
  if (s.skills) p.set('skills', s.skills);
  if (s.minPrice) p.set('minPrice', s.minPrice);
  if (s.maxPrice) p.set('maxPrice', s.maxPrice);
  if (s.availableThisWeek) p.set('available', 'week');
  if (s.minRating) p.set('minRating', s.minRating);
  return p;
}
