import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { DocumentTitle } from '#client/components/document-title';
import { Card } from '#client/components/ui/card';
import { cn } from '#client/lib/cn';

type Tone = 'success' | 'error' | 'neutral';

const ICON_TONES: Record<Tone, string> = {
  success: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-300',
  error: 'bg-red-50 text-red-700 dark:bg-red-950/60 dark:text-red-300',
  neutral: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
};

/** The payment pages' centred card: an icon, the heading, the words, then where to go next. */
export function PaymentResultCard({
  icon: Icon,
  tone,
  title,
  children,
  actions,
}: {
  icon: LucideIcon;
  tone: Tone;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card className="mx-auto mt-4 flex max-w-lg flex-col items-center gap-4 px-5 py-10 text-center sm:mt-10 sm:px-10">
      <DocumentTitle title={title} />
      <span className={cn('flex size-14 items-center justify-center rounded-full', ICON_TONES[tone])}>
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">{title}</h1>
      {children ? (
        <div className="w-full space-y-2 text-sm text-zinc-600 sm:text-base dark:text-zinc-400">{children}</div>
      ) : null}
      {actions ? (
        <div className="mt-2 flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:justify-center">{actions}</div>
      ) : null}
    </Card>
  );
}
