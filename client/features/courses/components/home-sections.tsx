import { Loading } from '#client/components/needs-network';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { useCourses } from '../api/get-courses';
import { useEnrollments } from '../api/get-enrollments';
import { CourseCard, CourseCardSkeleton } from './course-card';
import { EnrolmentCard } from './student-courses';

const SHOWN = 3;
/** The catalogue's largest page (ZCoursesQuery): asking for more is refused. */
const MOST = 50;

function SectionHeading({ id, title, to, link }: { id: string; title: string; to: string; link: string }) {
  return (
    <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <Link
        to={to}
        className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
      >
        {link} <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </div>
  );
}

/**
 * The home page's first sections: the courses the member is part way through, with progress,
 * then the best rated courses they have not joined. Each hides itself when it has nothing to show.
 */
export function HomeCourses() {
  const enrolments = useEnrollments();
  const joined = new Set((enrolments.data?.enrollments ?? []).map((e) => e.course.id));
  const inProgress = (enrolments.data?.enrollments ?? []).filter((e) => !e.completedAt).slice(0, SHOWN);
  // Enough to leave SHOWN after the courses already joined, within the largest page.
  const catalogue = useCourses({ sort: 'rating', pageSize: Math.min(MOST, SHOWN + joined.size) });
  const recommended = (catalogue.data?.courses ?? []).filter((c) => !joined.has(c.id)).slice(0, SHOWN);
  // The pictures asked at once are the first row on screen: the courses in progress when there are any (decision 089).

  return (
    <div className="mb-10 space-y-10">
      {inProgress.length > 0 ? (
        <section aria-labelledby="continue-heading">
          <SectionHeading
            id="continue-heading"
            title="Continue learning"
            to="/courses/student"
            link="All your courses"
          />
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {inProgress.map((e) => (
              <li key={e.course.id}>
                <EnrolmentCard enrolment={e} first />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {catalogue.isPending || enrolments.isPending ? (
        <Loading label="Loading recommendations" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: SHOWN }, (_, i) => (
            <CourseCardSkeleton key={i} />
          ))}
        </Loading>
      ) : recommended.length > 0 ? (
        <section aria-labelledby="recommended-heading">
          <SectionHeading
            id="recommended-heading"
            title={inProgress.length > 0 ? 'Recommended for you' : 'Start learning'}
            to="/courses"
            link="Browse all courses"
          />
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {recommended.map((c, i) => (
              <li key={c.id}>
                <CourseCard course={c} first={inProgress.length === 0 && i < 3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
