/** Course vocabularies: one list each, for filters, forms, the server's checks and the seed. */
export const COURSE_STATUSES = ['draft', 'in_review', 'published', 'rejected', 'archived'] as const;
export type TCourseStatus = (typeof COURSE_STATUSES)[number];

export const COURSE_STATUS_LABELS: Record<TCourseStatus, string> = {
  draft: 'Draft',
  in_review: 'In review',
  published: 'Published',
  rejected: 'Changes requested',
  archived: 'Archived',
};

export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced', 'all_levels'] as const;
export type TCourseLevel = (typeof COURSE_LEVELS)[number];
export const COURSE_LEVEL_LABELS: Record<TCourseLevel, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
  all_levels: 'All levels',
};

export const COURSE_CATEGORIES = [
  'software',
  'data',
  'design',
  'business',
  'marketing',
  'finance',
  'agriculture',
  'languages',
  'personal_development',
  'health',
] as const;
export type TCourseCategory = (typeof COURSE_CATEGORIES)[number];
export const COURSE_CATEGORY_LABELS: Record<TCourseCategory, string> = {
  software: 'Software development',
  data: 'Data and AI',
  design: 'Design',
  business: 'Business and entrepreneurship',
  marketing: 'Marketing',
  finance: 'Finance and accounting',
  agriculture: 'Agriculture',
  languages: 'Languages',
  personal_development: 'Personal development',
  health: 'Health and wellness',
};

export const COURSE_LANGUAGES = ['en', 'pcm', 'yo', 'ig', 'ha', 'fr'] as const;
export type TCourseLanguage = (typeof COURSE_LANGUAGES)[number];
export const COURSE_LANGUAGE_LABELS: Record<TCourseLanguage, string> = {
  en: 'English',
  pcm: 'Nigerian Pidgin',
  yo: 'Yorùbá',
  ig: 'Igbo',
  ha: 'Hausa',
  fr: 'French',
};

export const COURSE_SORTS = ['relevance', 'newest', 'rating', 'price_asc', 'price_desc'] as const;
export type TCourseSort = (typeof COURSE_SORTS)[number];

export const LESSON_KINDS = ['video', 'text', 'quiz', 'assignment'] as const;
export type TLessonKind = (typeof LESSON_KINDS)[number];

export const COURSES_PAGE_SIZE = 20;
export const COURSES_MAX_PAGE_SIZE = 50;
