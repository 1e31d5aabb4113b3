import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../lib/cn';
import { Brand, TAGLINE } from './brand';
import { Card } from './ui/card';
import { DocumentTitle } from './document-title';

/** Auth, verification, reset and suspension pages: no header, one centred card. */
export function AuthShell({
  title,
  children,
  wide = false,
  aside,
}: {
  /** The document title. */
  title: string;
  children: ReactNode;
  wide?: boolean;
  /** Content beside the card on large screens (the auth carousel). */
  aside?: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh">
      <DocumentTitle title={title} />
      <div className="flex flex-1 flex-col items-center px-4 py-8 sm:px-6 sm:py-12">
        <Link to="/" aria-label={TAGLINE} className="mb-8 rounded-lg">
          <Brand />
        </Link>
        <div className={cn('w-full', wide ? 'max-w-lg' : 'max-w-md')}>{children}</div>
        <p className="mt-8 text-center text-xs text-zinc-600 dark:text-zinc-400">
          <Link to="/terms" className="underline-offset-4 hover:underline">
            Terms and Conditions
          </Link>
          <span aria-hidden="true"> · </span>
          <Link to="/privacy" className="underline-offset-4 hover:underline">
            Privacy Policy
          </Link>
        </p>
      </div>
      {aside}
    </div>
  );
}

export function AuthCard({ children, className }: { children: ReactNode; className?: string }) {
  return <Card className={cn('p-6 sm:p-8', className)}>{children}</Card>;
}

/** The icon-headed message used by the result states (verified, sent, failed). */
export function AuthMessage({
  icon,
  tone,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  tone: 'success' | 'error' | 'info';
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const toneClass = {
    success: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-300',
    error: 'bg-red-50 text-red-700 dark:bg-red-950/60 dark:text-red-300',
    info: 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300',
  }[tone];
  return (
    <div className="flex flex-col items-center text-center">
      <span className={cn('mb-4 flex size-12 items-center justify-center rounded-full', toneClass)}>{icon}</span>
      <h1 className="text-xl font-semibold tracking-tight text-zinc-900 dark:text-white">{title}</h1>
      {children ? <div className="mt-2 space-y-2 text-sm text-zinc-600 dark:text-zinc-400">{children}</div> : null}
      {actions ? <div className="mt-6 flex w-full flex-col gap-2">{actions}</div> : null}
    </div>
  );
}
