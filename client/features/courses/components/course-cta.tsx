import { Eye, Pencil, PlayCircle } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import type { TCourseDetail } from '#shared/courses/courses.schemas';
import { formatMoney } from '#shared/money';
import { Button, buttonClasses } from '#client/components/ui/button';
import { useUser } from '#client/features/accounts';
import { useEnroll } from '../api/enroll';
import { CourseDownload } from '../offline/course-download';
import { BuyButton } from './buy-button';
import { ProgressBar } from './course-visuals';
import { builderPath, playerPath, reviewPath } from '../paths';

/**
 * What the viewer can do next, as the server's `viewer` says: edit (the tutor), continue
 * (enrolled), enrol (free) or buy (paid). `preview` shows a learner's buttons, inert.
 */
export function CourseCta({ course, preview = false }: { course: TCourseDetail; preview?: boolean }) {
  const { data: user } = useUser();
  const enroll = useEnroll();
  const navigate = useNavigate();
  const price = formatMoney(course.priceMinor, course.currency);
  const { viewer } = course;

  if (preview) {
    return (
      <div className="space-y-2">
        <Button size="lg" className="w-full" disabled>
          {course.priceMinor === 0 ? 'Enrol for free' : `Buy for ${price}`}
        </Button>
        <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          This is how learners will see your course.
        </p>
      </div>
    );
  }

  if (viewer.isTutor || viewer.canEdit) {
    return (
      <div className="space-y-2">
        {viewer.isTutor ? (
          <Link to={builderPath(course.id)} className={buttonClasses('primary', 'lg', 'w-full')}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit course
          </Link>
        ) : null}
        <Link
          to={reviewPath(course.id)}
          className={buttonClasses(viewer.isTutor ? 'outline' : 'primary', 'lg', 'w-full')}
        >
          <Eye aria-hidden="true" className="size-4" />
          {user?.role === 'admin' ? 'Open review mode' : 'View all content'}
        </Link>
      </div>
    );
  }

  if (viewer.enrolled) {
    const percent = viewer.progressPercent ?? 0;
    return (
      <div className="space-y-3">
        <div className="space-y-1.5">
          <div className="flex justify-between text-sm">
            <span className="font-medium">Your progress</span>
            <span className="tabular-nums">{percent}%</span>
          </div>
          <ProgressBar percent={percent} label="Your progress" />
        </div>
        <Link to={playerPath(course.id)} className={buttonClasses('primary', 'lg', 'w-full')}>
          <PlayCircle aria-hidden="true" className="size-5" />
          {percent >= 100 ? 'Review the course' : 'Continue learning'}
        </Link>
        <CourseDownload courseId={course.id} title={course.title} />
      </div>
    );
  }

  if (course.status !== 'published') {
    return (
      <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">This course is not open for enrolment.</p>
    );
  }

  const hasPreview = course.sections.some((s) => s.lessons.some((l) => l.preview));
  const previewLink = hasPreview ? (
    <Link to={playerPath(course.id)} className={buttonClasses('outline', 'lg', 'w-full')}>
      <Eye aria-hidden="true" className="size-4" />
      Preview this course
    </Link>
  ) : null;

  if (course.priceMinor === 0) {
    return (
      <div className="space-y-2">
        <Button
          size="lg"
          className="w-full"
          loading={enroll.isPending}
          loadingText="Enrolling…"
          onClick={() => enroll.mutate(course.id, { onSuccess: () => void navigate(playerPath(course.id)) })}
        >
          Enrol for free
        </Button>
        {previewLink}
      </div>
    );
  }

  return (
    <div className="space-y-2">
      <BuyButton courseId={course.id} price={price} />
      {previewLink}
    </div>
  );
}
