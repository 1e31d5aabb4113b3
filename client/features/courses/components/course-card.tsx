import { BookOpen, Clock, Signal } from 'lucide-react';
import { Link } from 'react-router';
import { COURSE_CATEGORY_LABELS, COURSE_LEVEL_LABELS } from '#shared/courses/courses.constants';
import type { TCourseSummary } from '#shared/courses/courses.schemas';
import { formatMoney } from '#shared/money';
import { formatDuration, plural } from '../format';
import { CourseThumbnail, Rating } from './course-visuals';

/**
 * A catalogue card; the whole card is one link (the title's), so it is one tab stop. `first`: the
 * grid's first row, on screen as the page opens, whose pictures are asked at once (decision 086).
 */
export function CourseCard({ course, first = false }: { course: TCourseSummary; first?: boolean }) {
  const duration = formatDuration(course.durationSeconds);
  return (
    <article
      data-testid="course-card"
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-lg focus-within:ring-2 focus-within:ring-indigo-600 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-indigo-700 dark:focus-within:ring-indigo-400"
    >
      <CourseThumbnail course={course} eager={first} className="transition duration-300 group-hover:scale-[1.02]" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">
          {COURSE_CATEGORY_LABELS[course.category]}
        </p>
        <h3 className="line-clamp-2 text-base leading-snug font-semibold text-zinc-900 dark:text-white">
          <Link
            to={`/courses/course-detail/${course.id}`}
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {course.title}
          </Link>
        </h3>
        <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">{course.tutor.fullName}</p>
        <Rating average={course.ratingAverage} count={course.ratingCount} />
        <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
          <li className="inline-flex items-center gap-1">
            <Signal aria-hidden="true" className="size-3.5" />
            {COURSE_LEVEL_LABELS[course.level]}
          </li>
          {duration ? (
            <li className="inline-flex items-center gap-1">
              <Clock aria-hidden="true" className="size-3.5" />
              {duration}
            </li>
          ) : null}
          <li className="inline-flex items-center gap-1">
            <BookOpen aria-hidden="true" className="size-3.5" />
            {plural(course.lessonCount, 'lesson')}
          </li>
        </ul>
        <p className="mt-auto pt-2 text-lg font-bold text-zinc-900 dark:text-white" data-testid="course-price">
          {formatMoney(course.priceMinor, course.currency)}
        </p>
      </div>
    </article>
  );
}

export function CourseCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="overflow-hidden rounded-2xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="aspect-video animate-pulse bg-zinc-200 dark:bg-zinc-800" />
      <div className="space-y-3 p-4">
        <div className="h-3 w-1/3 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
        <div className="h-4 w-5/6 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
        <div className="h-3 w-2/3 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
        <div className="h-5 w-1/4 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
      </div>
    </div>
  );
}
