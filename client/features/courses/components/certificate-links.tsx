import { Award, Download } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '#client/components/ui/button';
import { useCertificate } from '../api/get-certificate';

export const certificatePath = (code: string) => `/certificates/${encodeURIComponent(code)}`;

/**
 * The public certificate page and its PDF. The PDF's address comes from the certificate itself
 * (GET /api/certificates/{code} → pdfUrl), asked only when this is shown.
 */
export function CertificateLinks({ code, courseTitle }: { code: string; courseTitle: string }) {
  const certificate = useCertificate(code);
  return (
    <div className="flex flex-wrap gap-2">
      <Link
        to={certificatePath(code)}
        className={buttonClasses('outline', 'sm')}
        aria-label={`Certificate for ${courseTitle}`}
      >
        <Award aria-hidden="true" className="size-4" />
        Certificate
      </Link>
      {certificate.data ? (
        <a
          href={certificate.data.pdfUrl}
          download
          className={buttonClasses('ghost', 'sm')}
          aria-label={`Download the certificate for ${courseTitle} (PDF)`}
        >
          <Download aria-hidden="true" className="size-4" />
          PDF
        </a>
      ) : null}
    </div>
  );
}
