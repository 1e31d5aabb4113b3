import { Award, BadgeCheck, Download, SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { LogoMark, TAGLINE } from '#client/components/brand';
import { DocumentTitle } from '#client/components/document-title';
import { Button, buttonClasses } from '#client/components/ui/button';
import { PageSpinner } from '#client/components/ui/spinner';
import { isApiError } from '#client/lib/api-client';
import { formatDate } from '#client/lib/format-date';
import { useCertificate } from '../api/get-certificate';
import { useSavedFiles } from '../offline/use-downloads';
import { StateCard } from '#client/components/state-card';
import { CredentialActions } from '#client/features/credentials';

/** /certificates/{code}: public; anyone holding the code (an employer, say) can confirm it. */
export function CertificatePage() {
  const { code = '' } = useParams();
  const certificate = useCertificate(code);
  // Kept with a downloaded course, the PDF opens offline too (decision 080).
  const pdf = useSavedFiles(certificate.data?.courseId ?? '');

  if (certificate.isPending) return <PageSpinner label="Checking the certificate…" />;
  if (certificate.isError) {
    const missing = isApiError(certificate.error, 404) || isApiError(certificate.error, 400);
    return missing ? (
      <StateCard icon={SearchX} title="Certificate not found">
        No certificate has the code{' '}
        <span className="font-mono font-semibold text-zinc-900 dark:text-zinc-100">{code}</span>. Check the code and try
        again.
      </StateCard>
    ) : (
      <StateCard
        icon={SearchX}
        title="We could not check this certificate"
        actions={
          <Button
            variant="outline"
            loading={certificate.isRefetching}
            loadingText="Trying again…"
            onClick={() => void certificate.refetch()}
          >
            Try again
          </Button>
        }
      >
        Check your connection, then try again.
      </StateCard>
    );
  }

  const c = certificate.data;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <DocumentTitle title={`Certificate ${c.code}`} />
      <p
        role="status"
        className="flex items-center justify-center gap-2 text-sm font-medium text-emerald-700 dark:text-emerald-400"
      >
        <BadgeCheck aria-hidden="true" className="size-5" />
        This certificate is genuine: it was issued by {TAGLINE}
      </p>
      <article
        aria-labelledby="certificate-heading"
        className="relative overflow-hidden rounded-3xl border border-zinc-200 bg-white p-6 text-center shadow-xl sm:p-12 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <div
          aria-hidden="true"
          className="absolute inset-3 rounded-2xl border-2 border-amber-300/70 dark:border-amber-500/40"
        />
        <div
          aria-hidden="true"
          className="absolute -top-20 -left-20 size-56 rounded-full bg-indigo-100 blur-2xl dark:bg-indigo-950"
        />
        <div
          aria-hidden="true"
          className="absolute -right-20 -bottom-20 size-56 rounded-full bg-amber-100 blur-2xl dark:bg-amber-950/60"
        />
        <div className="relative space-y-5">
          <div className="flex items-center justify-center gap-2">
            <LogoMark />
            <span className="text-sm font-semibold tracking-tight">{TAGLINE}</span>
          </div>
          <h1
            id="certificate-heading"
            className="text-sm font-semibold tracking-[0.2em] text-amber-700 uppercase dark:text-amber-400"
          >
            Certificate of completion
          </h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">This certifies that</p>
          <p
            className="font-serif text-3xl font-bold tracking-tight text-zinc-900 sm:text-4xl dark:text-white"
            data-testid="certificate-learner"
          >
            {c.learnerName}
          </p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">has completed the course</p>
          <p
            className="text-xl font-semibold text-indigo-800 sm:text-2xl dark:text-indigo-300"
            data-testid="certificate-course"
          >
            {c.courseTitle}
          </p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            taught by <span className="font-medium text-zinc-900 dark:text-zinc-100">{c.tutorName}</span>
          </p>
          {c.assessedWork.length > 0 ? (
            <section aria-labelledby="assessed-work" className="mx-auto max-w-md text-left text-sm">
              <h2 id="assessed-work" className="mb-1.5 text-center font-semibold">
                Assessed work passed
              </h2>
              <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="certificate-assessed-work">
                {c.assessedWork.map((w) => (
                  <li key={`${w.kind}-${w.title}`} className="flex justify-between gap-3 py-1.5">
                    <span>
                      <span className="sr-only">{w.kind === 'quiz' ? 'Quiz: ' : 'Assignment: '}</span>
                      {w.title}
                    </span>
                    <span className="shrink-0 font-medium text-emerald-700 dark:text-emerald-400">{w.result}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <Award aria-hidden="true" className="mx-auto size-12 text-amber-500" />
          <dl className="mx-auto grid max-w-md grid-cols-2 gap-4 border-t border-zinc-200 pt-5 text-sm dark:border-zinc-800">
            <div>
              <dt className="text-zinc-500 dark:text-zinc-400">Issued</dt>
              <dd className="font-medium">{formatDate(c.issuedAt)}</dd>
            </div>
            <div>
              <dt className="text-zinc-500 dark:text-zinc-400">Certificate code</dt>
              <dd className="font-mono font-medium break-all" data-testid="certificate-code">
                {c.code}
              </dd>
            </div>
          </dl>
        </div>
      </article>
      <div className="flex flex-wrap justify-center gap-2">
        <a href={pdf.url(c.pdfUrl)} download={`certificate-${c.code}.pdf`} className={buttonClasses('primary')}>
          <Download aria-hidden="true" className="size-4" />
          Download PDF
        </a>
        <Link to={`/courses/course-detail/${c.courseId}`} className={buttonClasses('outline')}>
          View the course
        </Link>
      </div>
      {c.credentialId ? (
        <section aria-labelledby="badge-heading" className="space-y-2 text-center">
          <h2 id="badge-heading" className="text-sm font-semibold">
            Digital badge (Open Badges 3.0)
          </h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            A signed copy of this certificate that employers can verify anywhere.
          </p>
          <CredentialActions
            id={c.credentialId}
            name={c.courseTitle}
            organizationName={TAGLINE}
            issuedAt={c.issuedAt}
          />
        </section>
      ) : null}
    </div>
  );
}
