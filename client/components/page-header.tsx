import type { ReactNode } from 'react';
import { DocumentTitle } from './document-title';

/** The page's h1 and the document title, so every screen is named the same way twice. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <DocumentTitle title={title} />
      <div className="min-w-0 space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl dark:text-white">{title}</h1>
        {description ? <p className="text-sm text-zinc-600 sm:text-base dark:text-zinc-400">{description}</p> : null}
      </div>
      {actions}
    </div>
  );
}
