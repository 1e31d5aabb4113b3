import { Link } from 'react-router';
import { DocumentTitle } from '#client/components/document-title';
import { buttonClasses } from '#client/components/ui/button';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <DocumentTitle title="Page not found" />
      <p className="text-sm font-semibold text-indigo-700 dark:text-indigo-300">404</p>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Page not found</h1>
      <p className="text-zinc-600 dark:text-zinc-400">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClasses('primary')}>
        Back to home
      </Link>
    </div>
  );
}
