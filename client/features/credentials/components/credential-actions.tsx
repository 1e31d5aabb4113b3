import { Download, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '#client/components/ui/button';
import { credentialPath } from '../api/get-credential';
import { linkedInAddUrl } from '../linkedin';

export const credentialPagePath = (id: string) => `/credentials/${encodeURIComponent(id)}`;

/** LinkedIn's mark is not in lucide; the two letters on its square, drawn as text. */
function LinkedInMark() {
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-4 items-center justify-center rounded-[3px] bg-[#0a66c2] text-[10px] leading-none font-bold text-white"
    >
      in
    </span>
  );
}

/**
 * "Add to LinkedIn", "Download" and (unless on it) the verify page: shown under a certificate and
 * on the credential's own page. `name` and `issuedAt` are what LinkedIn's form is filled with.
 */
export function CredentialActions({
  id,
  name,
  organizationName,
  issuedAt,
  showVerify = true,
}: {
  id: string;
  name: string;
  organizationName: string;
  issuedAt: string;
  showVerify?: boolean;
}) {
  const pageUrl = `${window.location.origin}${credentialPagePath(id)}`;
  return (
    <div className="flex flex-wrap justify-center gap-2">
      <a
        href={linkedInAddUrl({ name, organizationName, issuedAt, certUrl: pageUrl, certId: id })}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses('outline')}
      >
        <LinkedInMark />
        Add to LinkedIn
        <span className="sr-only"> (opens LinkedIn in a new tab)</span>
      </a>
      <a
        href={credentialPath(id)}
        download={`credential-${id}.json`}
        className={buttonClasses('outline')}
        aria-label="Download the credential (Open Badges JSON)"
      >
        <Download aria-hidden="true" className="size-4" />
        Download
      </a>
      {showVerify ? (
        <Link to={credentialPagePath(id)} className={buttonClasses('ghost')}>
          <ShieldCheck aria-hidden="true" className="size-4" />
          Verify the digital badge
        </Link>
      ) : null}
    </div>
  );
}
