import {
  Award,
  BookOpen,
  CalendarDays,
  ChevronRight,
  Clock,
  Globe,
  Infinity as InfinityIcon,
  Signal,
  Users,
} from 'lucide-react';
import { Link } from 'react-router';
import { COURSE_CATEGORY_LABELS, COURSE_LANGUAGE_LABELS, COURSE_LEVEL_LABELS } from '#shared/courses/courses.constants';
import type { TCourseDetail } from '#shared/courses/courses.schemas';
import { formatMoney } from '#shared/money';
import { Markdown } from '#client/components/markdown';
import { Card } from '#client/components/ui/card';
import { formatDate } from '#client/lib/format-date';
import { initials } from '#client/lib/initials';
import { formatDuration, plural } from '../format';
import { CourseCta } from './course-cta';
import { playerPath } from '../paths';
import { ASIDE_SIZES, CourseThumbnail, Rating, RejectionNotice, StatusBadge } from './course-visuals';
import { ReviewsSection } from './reviews-section';
import { Syllabus } from './syllabus';

/**
 * A course as a learner meets it: hero with the buying card, description, syllabus, tutor and
 * reviews. The detail page shows it live; the builder's Preview shows it with inert buttons.
 */
export function CourseOverview({ course, preview = false }: { course: TCourseDetail; preview?: boolean }) {
  const lessonCount = course.sections.reduce((n, s) => n + s.lessons.length, 0);
  const duration = formatDuration(course.durationSeconds);
  const HeadingTag = preview ? 'h2' : 'h1';

  return (
    <div className="space-y-10">
      <section className="relative overflow-hidden rounded-3xl bg-zinc-900 text-white shadow-lg dark:bg-zinc-900 dark:ring-1 dark:ring-zinc-800">
        <div aria-hidden="true" className="absolute -top-32 -right-24 size-96 rounded-full bg-indigo-600/30 blur-3xl" />
        <div
          aria-hidden="true"
          className="absolute -bottom-40 left-10 size-80 rounded-full bg-fuchsia-600/20 blur-3xl"
        />
        <div className="relative grid gap-8 p-5 sm:p-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:p-10">
          <div className="min-w-0 space-y-4">
            <nav aria-label="Breadcrumb" className="flex flex-wrap items-center gap-1 text-sm text-indigo-200">
              <Link to="/courses" className="hover:underline">
                Courses
              </Link>
              <ChevronRight aria-hidden="true" className="size-3.5" />
              <Link to={`/courses?category=${course.category}`} className="hover:underline">
                {COURSE_CATEGORY_LABELS[course.category]}
              </Link>
            </nav>
            {course.status !== 'published' ? <StatusBadge status={course.status} /> : null}
            <HeadingTag className="text-2xl leading-tight font-bold tracking-tight sm:text-4xl">
              {course.title}
            </HeadingTag>
            <p className="text-base text-zinc-300 sm:text-lg">{course.summary}</p>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-zinc-300">
              <Rating average={course.ratingAverage} count={course.ratingCount} onDark />
              <span className="inline-flex items-center gap-1.5">
                <Users aria-hidden="true" className="size-4" />
                {plural(course.enrolmentCount, 'learner')}
              </span>
            </div>
            <p className="text-sm text-zinc-300">
              Created by{' '}
              {course.tutor.username ? (
                <Link
                  to={`/u/${encodeURIComponent(course.tutor.username)}`}
                  className="font-semibold text-white hover:underline"
                >
                  {course.tutor.fullName}
                </Link>
              ) : (
                <span className="font-semibold text-white">{course.tutor.fullName}</span>
              )}
            </p>
            {course.skills.length > 0 ? (
              <ul aria-label="Skills this course teaches" className="flex flex-wrap gap-2">
                {course.skills.map((skill) => (
                  <li
                    key={skill.slug}
                    className="rounded-full bg-white/10 px-3 py-1 text-sm text-indigo-50 ring-1 ring-white/15"
                  >
                    {skill.name}
                  </li>
                ))}
              </ul>
            ) : null}
            <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-zinc-300">
              <li className="inline-flex items-center gap-1.5">
                <Signal aria-hidden="true" className="size-4" />
                {COURSE_LEVEL_LABELS[course.level]}
              </li>
              <li className="inline-flex items-center gap-1.5">
                <Globe aria-hidden="true" className="size-4" />
                {COURSE_LANGUAGE_LABELS[course.language]}
              </li>
              {duration ? (
                <li className="inline-flex items-center gap-1.5">
                  <Clock aria-hidden="true" className="size-4" />
                  {duration}
                </li>
              ) : null}
              <li className="inline-flex items-center gap-1.5">
                <CalendarDays aria-hidden="true" className="size-4" />
                Updated {formatDate(course.updatedAt)}
              </li>
            </ul>
          </div>

          <Card className="self-start overflow-hidden text-zinc-900 dark:text-zinc-100">
            <CourseThumbnail course={course} sizes={ASIDE_SIZES} />
            <div className="space-y-4 p-5">
              <p className="text-3xl font-bold tracking-tight" data-testid="course-price">
                {formatMoney(course.priceMinor, course.currency)}
              </p>
              <CourseCta course={course} preview={preview} />
              <ul className="space-y-2 border-t border-zinc-200 pt-4 text-sm text-zinc-700 dark:border-zinc-800 dark:text-zinc-300">
                <li className="flex items-center gap-2">
                  <BookOpen aria-hidden="true" className="size-4 text-zinc-500" />
                  {plural(lessonCount, 'lesson')}
                  {duration ? ` · ${duration}` : ''}
                </li>
                <li className="flex items-center gap-2">
                  <InfinityIcon aria-hidden="true" className="size-4 text-zinc-500" />
                  Learn at your own pace
                </li>
                <li className="flex items-center gap-2">
                  <Award aria-hidden="true" className="size-4 text-zinc-500" />
                  Certificate of completion
                </li>
              </ul>
            </div>
          </Card>
        </div>
      </section>

      {course.status === 'rejected' && course.rejectionReason ? (
        <RejectionNotice reason={course.rejectionReason} />
      ) : null}

      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-10">
          <section aria-labelledby="about-heading" className="space-y-3">
            <h2 id="about-heading" className="text-xl font-bold tracking-tight">
              About this course
            </h2>
            {course.description.trim() ? (
              <Markdown source={course.description} />
            ) : (
              <p className="text-zinc-700 dark:text-zinc-300">{course.summary}</p>
            )}
          </section>
          <section aria-labelledby="syllabus-heading" className="space-y-3">
            <h2 id="syllabus-heading" className="text-xl font-bold tracking-tight">
              Course content
            </h2>
            <Syllabus
              sections={course.sections}
              playerPath={preview ? undefined : playerPath(course.id)}
              openAll={course.viewer.enrolled || course.viewer.isTutor || course.viewer.canEdit}
            />
          </section>
          {preview ? null : (
            <section aria-labelledby="reviews-heading" className="space-y-4">
              <h2 id="reviews-heading" className="text-xl font-bold tracking-tight">
                Reviews
              </h2>
              <ReviewsSection course={course} />
            </section>
          )}
        </div>
        <aside aria-labelledby="tutor-heading" className="space-y-3">
          <h2 id="tutor-heading" className="text-xl font-bold tracking-tight">
            Your tutor
          </h2>
          <Card className="flex items-center gap-4 p-5">
            {course.tutor.avatarUrl ? (
              <img src={course.tutor.avatarUrl} alt="" className="size-14 rounded-full object-cover" />
            ) : (
              <span
                aria-hidden="true"
                className="flex size-14 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-lg font-semibold text-white"
              >
                {initials(course.tutor.fullName)}
              </span>
            )}
            <div className="min-w-0">
              <p className="truncate font-semibold">{course.tutor.fullName}</p>
              {/* A former member (hidden or deleted, decision 013) has no username to show. */}
              {course.tutor.username && (
                <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">@{course.tutor.username}</p>
              )}
            </div>
          </Card>
        </aside>
      </div>
    </div>
  );
}
