import { CircleCheck, CircleDashed, CircleX, Eye, Send } from 'lucide-react';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TCourseDetail } from '#shared/courses/courses.schemas';
import type { TCourseContent } from '#shared/courses/lessons.schemas';
import { Button, buttonClasses } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { cn } from '#client/lib/cn';
import { quizEditorOptions } from '../api/assessments';
import { useSubmitCourse } from '../api/submit-course';
import { useMoneyStep } from '#client/features/privacy';
import { RejectionNotice, StatusBadge } from './course-visuals';

interface Check {
  label: string;
  state: 'done' | 'missing' | 'optional';
}

/** What the course has and lacks, then "Submit for review" (or where the review stands). */
export function SubmitPanel({ course, content }: { course: TCourseDetail; content: TCourseContent | undefined }) {
  const submit = useSubmitCourse();
  // Submitting a paid course is selling: the age gate may ask first, then the submission goes on.
  const gate = useMoneyStep();
  const send = () => submit.mutate(course.id, { onError: (error) => void gate.catches(error, send) });
  const lessons = (content?.sections ?? course.sections).flatMap((s) => s.lessons);
  const videoMissing = content
    ? content.sections.flatMap((s) => s.lessons).filter((l) => l.kind === 'video' && !l.videoUploadId && !l.videoUrl)
    : [];
  // A quiz counts as done only once it has questions: the server refuses to submit an empty one.
  const quizLessons = lessons.filter((l) => l.kind === 'quiz');
  const quizzes = useQueries({ queries: quizLessons.map((l) => quizEditorOptions(course.id, l.id)) });
  const emptyQuizzes = quizzes.filter((q) => q.data && q.data.questions.length === 0).length;
  const quizzesKnown = quizzes.every((q) => q.data);
  const checks: Check[] = [
    { label: 'Title, summary, category and level', state: 'done' },
    {
      label:
        lessons.length > 0 ? `${lessons.length} ${lessons.length === 1 ? 'lesson' : 'lessons'}` : 'At least one lesson',
      state: lessons.length > 0 ? 'done' : 'missing',
    },
    {
      label:
        videoMissing.length === 0
          ? 'Every video lesson has its video'
          : `${videoMissing.length} video ${videoMissing.length === 1 ? 'lesson has' : 'lessons have'} no video yet`,
      state: videoMissing.length === 0 ? 'done' : 'missing',
    },
    ...(quizLessons.length > 0
      ? [
          {
            label:
              emptyQuizzes === 0
                ? 'Every quiz has its questions'
                : `${emptyQuizzes} ${emptyQuizzes === 1 ? 'quiz has' : 'quizzes have'} no questions yet`,
            state: emptyQuizzes === 0 && quizzesKnown ? ('done' as const) : ('missing' as const),
          },
        ]
      : []),
    { label: 'A description (recommended)', state: course.description.trim() ? 'done' : 'optional' },
    { label: 'A thumbnail image (recommended)', state: course.thumbnailUrl ? 'done' : 'optional' },
  ];
  const submittable = course.status === 'draft' || course.status === 'rejected';
  const blocker =
    lessons.length === 0
      ? 'Add at least one lesson before you submit.'
      : videoMissing.length > 0
        ? 'Add the missing videos before you submit.'
        : emptyQuizzes > 0
          ? 'Add questions to every quiz before you submit.'
          : null;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card className="p-5 sm:p-6">
        <h3 className="text-base font-semibold">Before you submit</h3>
        <ul className="mt-4 space-y-3">
          {checks.map((check) => {
            const Icon = check.state === 'done' ? CircleCheck : check.state === 'missing' ? CircleX : CircleDashed;
            return (
              <li key={check.label} className="flex items-center gap-3 text-sm">
                <Icon
                  aria-hidden="true"
                  className={cn(
                    'size-5 shrink-0',
                    check.state === 'done' && 'text-emerald-600 dark:text-emerald-400',
                    check.state === 'missing' && 'text-red-600 dark:text-red-400',
                    check.state === 'optional' && 'text-zinc-400',
                  )}
                />
                <span>
                  <span className="sr-only">
                    {check.state === 'done' ? 'Done: ' : check.state === 'missing' ? 'Missing: ' : 'Optional: '}
                  </span>
                  {check.label}
                </span>
              </li>
            );
          })}
        </ul>
      </Card>

      <Card className="space-y-4 p-5 sm:p-6">
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-base font-semibold">Status</h3>
          <StatusBadge status={course.status} />
        </div>
        {course.status === 'rejected' && course.rejectionReason ? (
          <RejectionNotice reason={course.rejectionReason} />
        ) : null}
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{STATUS_TEXT[course.status]}</p>
        {submittable ? (
          <div className="space-y-2">
            <Button
              className="w-full"
              disabled={blocker !== null}
              aria-describedby={blocker ? 'submit-blocker' : undefined}
              loading={submit.isPending}
              loadingText="Submitting…"
              onClick={send}
            >
              <Send aria-hidden="true" className="size-4" />
              {course.status === 'rejected' ? 'Submit again' : 'Submit for review'}
            </Button>
            {gate.dialog}
            {blocker ? (
              <p id="submit-blocker" className="text-sm text-red-700 dark:text-red-400">
                {blocker}
              </p>
            ) : null}
          </div>
        ) : null}
        {course.status === 'published' ? (
          <Link to={`/courses/course-detail/${course.id}`} className={buttonClasses('outline', 'md', 'w-full')}>
            <Eye aria-hidden="true" className="size-4" />
            View the course page
          </Link>
        ) : null}
      </Card>
    </div>
  );
}

const STATUS_TEXT: Record<TCourseDetail['status'], string> = {
  draft: 'Only you can see this course. When it is ready, submit it: an admin reviews it before it is published.',
  in_review: 'An admin is reviewing your course. We will notify you when they decide.',
  published: 'Your course is live: learners can find it in the catalogue and enrol.',
  rejected: 'Make the changes the admin asked for, then submit again.',
  archived: 'This course is archived: learners who joined keep it, but nobody new can enrol.',
};
