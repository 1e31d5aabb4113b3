import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from './ui/button';
import { Card } from './ui/card';
import { PageHeader } from './page-header';

/** An area that a later release builds: its real title and an honest note, never fake content. */
export function ComingSoon({ title, summary }: { title: string; summary?: string }) {
  return (
    <>
      <PageHeader title={title} description={summary} />
      <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300">
          <Construction aria-hidden="true" className="size-6" />
        </span>
        <div className="space-y-1">
          <p className="text-base font-semibold">This area is not available yet</p>
          <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">
            We are still building this part of the platform. Please check back soon.
          </p>
        </div>
        <Link to="/" className={buttonClasses('outline')}>
          Back to home
        </Link>
      </Card>
    </>
  );
}
