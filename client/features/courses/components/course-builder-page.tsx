import * as Tabs from '@radix-ui/react-tabs';
import { ArrowLeft, Eye, GraduationCap } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { TCourseInput } from '#shared/courses/courses.schemas';
import { PageHeader } from '#client/components/page-header';
import { buttonClasses } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { cn } from '#client/lib/cn';
import { useUser } from '#client/features/accounts';
import { useCreateCourse } from '../api/create-course';
import { useCourse } from '../api/get-course';
import { useCourseContent } from '../api/get-course-content';
import { useUpdateCourse } from '../api/update-course';
import { canTeach } from '../format';
import { CourseOverview } from './course-overview';
import { CourseLoadError, CoursePageSkeleton } from './course-states';
import { StatusBadge } from './course-visuals';
import { CurriculumEditor } from './curriculum-editor';
import { DetailsForm } from './details-form';
import { SubmitPanel } from './submit-panel';
import { BecomeTutorCard } from './teach-button';
import { StateCard } from '#client/components/state-card';

const STEPS = [
  { value: 'details', label: 'Details' },
  { value: 'curriculum', label: 'Curriculum' },
  { value: 'preview', label: 'Preview' },
  { value: 'submit', label: 'Submit' },
] as const;
type Step = (typeof STEPS)[number]['value'];

const tabClass = cn(
  'flex shrink-0 items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-zinc-600 outline-none dark:text-zinc-400',
  'hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:text-white dark:focus-visible:outline-indigo-400',
  'disabled:cursor-not-allowed disabled:opacity-50',
  'data-[state=active]:bg-white data-[state=active]:text-zinc-900 data-[state=active]:shadow-sm dark:data-[state=active]:bg-zinc-700 dark:data-[state=active]:text-white',
);

/**
 * /courses/create: a new course; /courses/create?id={courseId}&step=curriculum edits one. The
 * step is in the URL, so a reload (or a shared link) lands on the same step.
 */
export function CourseBuilderPage() {
  const { data: user } = useUser();
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const stepParam = params.get('step');
  const step: Step = id && STEPS.some((s) => s.value === stepParam) ? (stepParam as Step) : 'details';
  const course = useCourse(id, Boolean(id) && canTeach(user));
  const content = useCourseContent(id, Boolean(id) && course.data?.viewer.isTutor === true);
  const create = useCreateCourse();
  const update = useUpdateCourse(id);
  const navigate = useNavigate();

  if (!canTeach(user)) return <BecomeTutorCard />;
  if (id && course.isPending) return <CoursePageSkeleton label="Loading your course…" />;
  if (id && course.isError)
    return (
      <CourseLoadError error={course.error} onRetry={() => void course.refetch()} retrying={course.isRefetching} />
    );
  if (course.data && !course.data.viewer.isTutor) {
    return (
      <StateCard icon={GraduationCap} title="This is not your course">
        Only the tutor who created a course can edit it.
      </StateCard>
    );
  }

  const setStep = (value: string) => setParams({ id, step: value }, { replace: true, preventScrollReset: true });
  const save = (input: TCourseInput, handlers: { onError: (err: Error) => void; onSuccess: () => void }) => {
    if (course.data) {
      update.mutate(input, handlers);
      return;
    }
    create.mutate(input, {
      onError: handlers.onError,
      onSuccess: (created) => {
        handlers.onSuccess();
        void navigate(`/courses/create?id=${created.id}&step=curriculum`, { replace: true });
      },
    });
  };

  return (
    <>
      <Link
        to="/courses/tutor"
        className="mb-3 inline-flex items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Tutor dashboard
      </Link>
      <PageHeader
        title={course.data ? 'Edit course' : 'Create a course'}
        description={
          course.data ? (
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-zinc-900 dark:text-zinc-100">{course.data.title}</span>
              <StatusBadge status={course.data.status} />
            </span>
          ) : (
            'Start with the details; then add sections and lessons, preview it, and submit it for review.'
          )
        }
        actions={
          course.data?.status === 'published' ? (
            <Link to={`/courses/course-detail/${id}`} className={buttonClasses('outline')}>
              <Eye aria-hidden="true" className="size-4" />
              View course page
            </Link>
          ) : undefined
        }
      />
      <Tabs.Root value={step} onValueChange={setStep}>
        <Tabs.List
          aria-label="Course builder steps"
          className="mb-6 flex gap-1 overflow-x-auto rounded-xl bg-zinc-100 p-1 dark:bg-zinc-800"
        >
          {STEPS.map((s, i) => (
            <Tabs.Trigger key={s.value} value={s.value} disabled={!id && s.value !== 'details'} className={tabClass}>
              <span
                aria-hidden="true"
                className="flex size-5 items-center justify-center rounded-full bg-zinc-200 text-xs dark:bg-zinc-600"
              >
                {i + 1}
              </span>
              {s.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {!id ? (
          <p className="-mt-3 mb-5 text-sm text-zinc-600 dark:text-zinc-400">
            Save the details to unlock the other steps.
          </p>
        ) : null}
        {/* Kept mounted: unsaved details survive a look at another step. */}
        <Tabs.Content value="details" forceMount className="outline-none data-[state=inactive]:hidden">
          <Card className="p-5 sm:p-6">
            <DetailsForm
              key={course.data?.id ?? 'new'}
              course={course.data}
              onSave={save}
              saving={create.isPending || update.isPending}
            />
          </Card>
        </Tabs.Content>
        {course.data ? (
          <>
            <Tabs.Content value="curriculum" className="outline-none">
              <CurriculumEditor courseId={id} />
            </Tabs.Content>
            <Tabs.Content value="preview" className="outline-none">
              <CourseOverview course={course.data} preview />
            </Tabs.Content>
            <Tabs.Content value="submit" className="outline-none">
              <SubmitPanel course={course.data} content={content.data} />
            </Tabs.Content>
          </>
        ) : null}
      </Tabs.Root>
    </>
  );
}
