import { Award, Download, PartyPopper, Star } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '#client/lib/cn';
import { useCertificate } from '../api/get-certificate';
import { certificatePath } from './certificate-links';

/** Buttons on the gradient: white in either theme, so the shared variants do not fit. */
const onGradient = (tone: 'solid' | 'glass' | 'plain') =>
  cn(
    'inline-flex h-10 items-center gap-2 rounded-lg px-4 text-sm font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
    tone === 'solid' && 'bg-white text-emerald-800 shadow-sm hover:bg-emerald-50',
    tone === 'glass' && 'border border-white/50 bg-white/10 text-white hover:bg-white/20',
    tone === 'plain' && 'text-white hover:bg-white/15',
  );

/** The course is done: congratulations, the certificate and its PDF, and an invitation to rate. */
export function CompletionPanel({
  courseId,
  courseTitle,
  certificateCode,
}: {
  courseId: string;
  courseTitle: string;
  certificateCode: string | null;
}) {
  const certificate = useCertificate(certificateCode);
  return (
    <section
      aria-labelledby="completion-heading"
      data-testid="completion-panel"
      className="relative overflow-hidden rounded-2xl bg-linear-to-br from-emerald-500 via-teal-600 to-indigo-700 p-6 text-white shadow-lg sm:p-8"
    >
      <div aria-hidden="true" className="absolute -top-16 -right-10 size-48 rounded-full bg-white/10" />
      <div className="relative flex flex-col gap-5 sm:flex-row sm:items-center">
        <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-white/20">
          <PartyPopper aria-hidden="true" className="size-7" />
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <h2
            id="completion-heading"
            tabIndex={-1}
            className="text-xl font-bold tracking-tight outline-none sm:text-2xl"
          >
            Congratulations, you completed the course!
          </h2>
          <p className="text-emerald-50">You finished every lesson of “{courseTitle}”. Your certificate is ready.</p>
        </div>
      </div>
      <div className="relative mt-5 flex flex-wrap gap-2">
        {certificateCode ? (
          <Link to={certificatePath(certificateCode)} className={onGradient('solid')}>
            <Award aria-hidden="true" className="size-4" />
            View your certificate
          </Link>
        ) : null}
        {certificate.data ? (
          <a href={certificate.data.pdfUrl} download className={onGradient('glass')}>
            <Download aria-hidden="true" className="size-4" />
            Download PDF
          </a>
        ) : null}
        <Link to={`/courses/course-detail/${courseId}#reviews-heading`} className={onGradient('plain')}>
          <Star aria-hidden="true" className="size-4" />
          Rate this course
        </Link>
      </div>
    </section>
  );
}
