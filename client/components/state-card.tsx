import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { DocumentTitle } from './document-title';
import { Card } from './ui/card';

/** A centred message card: not found, no access, or failed to load. */
export function StateCard({
  icon: Icon,
  title,
  children,
  actions,
  inline = false,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** Inside a page that has its own heading and title (an empty list): an h2, the title left alone. */
  inline?: boolean;
}) {
  const Heading = inline ? 'h2' : 'h1';
  return (
    <Card className="mx-auto flex max-w-xl flex-col items-center gap-3 px-6 py-12 text-center">
      {inline ? null : <DocumentTitle title={title} />}
      <span className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <Heading className="text-lg font-semibold">{title}</Heading>
      {children ? <div className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">{children}</div> : null}
      {actions ? <div className="mt-2 flex flex-wrap justify-center gap-2">{actions}</div> : null}
    </Card>
  );
}
