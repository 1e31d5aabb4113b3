import type { TCourseCategory, TCourseLanguage, TCourseLevel } from '#shared/courses/courses.constants';

/** A lesson: its title, what it teaches (bullet points of its body), and whether it is the demo video. */
export type SeedLesson = [title: string, points: string[], video?: 'video'];
export type SeedSection = [title: string, lessons: SeedLesson[]];

export interface SeedCourse {
  title: string;
  summary: string;
  description: string;
  category: TCourseCategory;
  level: TCourseLevel;
  language: TCourseLanguage;
  /** Kobo: 1_500_000 is ₦15,000. */
  priceMinor: number;
  /** Index into the seed's tutors. */
  tutor: number;
  sections: SeedSection[];
}

/** Compact constructor, so that thirty courses read as a table of contents. */
export function course(
  title: string,
  category: TCourseCategory,
  level: TCourseLevel,
  priceMinor: number,
  tutor: number,
  summary: string,
  description: string,
  sections: SeedSection[],
  language: TCourseLanguage = 'en',
): SeedCourse {
  return { title, category, level, priceMinor, tutor, summary, description, sections, language };
}

export const NAIRA = 100;
