import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '#client/components/page-header';
import { Card } from '#client/components/ui/card';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

export const LEGAL_UPDATED = '21 November 2026';

/** Terms and privacy share one readable layout. */
export function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <article className="mx-auto max-w-3xl">
      <PageHeader title={title} description={`Last updated ${LEGAL_UPDATED}`} />
      <Card className="space-y-8 p-6 sm:p-8">
        <div className="text-zinc-700 dark:text-zinc-300">{intro}</div>
        {sections.map((s, i) => (
          <section key={s.heading} className="space-y-2">
            <h2 className="text-lg font-semibold text-zinc-900 dark:text-white">
              {i + 1}. {s.heading}
            </h2>
            <div className="space-y-2 leading-relaxed text-zinc-700 dark:text-zinc-300">{s.body}</div>
          </section>
        ))}
        <p className="border-t border-zinc-200 pt-6 text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
          See also our{' '}
          {title === 'Privacy Policy' ? (
            <Link className="font-medium text-indigo-700 underline dark:text-indigo-300" to="/terms">
              Terms and Conditions
            </Link>
          ) : (
            <Link className="font-medium text-indigo-700 underline dark:text-indigo-300" to="/privacy">
              Privacy Policy
            </Link>
          )}
          .
        </p>
      </Card>
    </article>
  );
}
