import { Loading } from '#client/components/needs-network';
import { FileQuestion, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '#client/components/ui/button';
import { StateCard } from '#client/components/state-card';
import { isApiError } from '#client/lib/api-client';

/** What to show when a course query failed: gone (404), not yours (403), or a retry. */
export function CourseLoadError({
  error,
  onRetry,
  retrying,
}: {
  error: Error;
  onRetry: () => void;
  retrying: boolean;
}) {
  if (isApiError(error, 404) || isApiError(error, 400)) {
    return (
      <StateCard
        icon={FileQuestion}
        title="Course not found"
        actions={
          <Link to="/courses" className={buttonClasses('primary')}>
            Browse courses
          </Link>
        }
      >
        This course does not exist, or it is not published.
      </StateCard>
    );
  }
  if (isApiError(error, 403)) {
    return (
      <StateCard
        icon={Lock}
        title="You do not have access to this"
        actions={
          <Link to="/courses" className={buttonClasses('primary')}>
            Browse courses
          </Link>
        }
      >
        Only the course's tutor and admins can open this page.
      </StateCard>
    );
  }
  return (
    <StateCard
      icon={FileQuestion}
      title="We could not load this course"
      actions={
        <Button variant="outline" loading={retrying} loadingText="Trying again…" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      Check your connection, then try again.
    </StateCard>
  );
}

/** The skeleton of a course page while it loads. */
export function CoursePageSkeleton({ label = 'Loading the course…' }: { label?: string }) {
  return (
    <Loading label={label} className="space-y-8">
      <div className="h-72 animate-pulse rounded-3xl bg-zinc-200 dark:bg-zinc-800" />
      <div className="space-y-3">
        <div className="h-5 w-48 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
        <div className="h-4 w-full animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
        <div className="h-4 w-5/6 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
      </div>
    </Loading>
  );
}
