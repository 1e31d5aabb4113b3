import { BadgeCheck, BadgeX, Clock, ExternalLink, SearchX, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { LogoMark } from '#client/components/brand';
import { DocumentTitle } from '#client/components/document-title';
import { StateCard } from '#client/components/state-card';
import { Button } from '#client/components/ui/button';
import { PageSpinner } from '#client/components/ui/spinner';
import { isApiError } from '#client/lib/api-client';
import { formatDate } from '#client/lib/format-date';
import { cn } from '#client/lib/cn';
import { useCredential } from '../api/get-credential';
import { useVerifiedCredential, type TVerdict } from '../api/verify-credential';
import { CredentialActions } from './credential-actions';

const VERDICTS = {
  valid: {
    icon: BadgeCheck,
    title: 'Valid',
    text: 'The signature checks out against the issuer’s published key, and the credential has not been revoked.',
    tone: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950/50 dark:text-emerald-100',
  },
  revoked: {
    icon: BadgeX,
    title: 'Revoked',
    text: 'The issuer has withdrawn this credential: it no longer stands.',
    tone: 'border-red-300 bg-red-50 text-red-900 dark:border-red-700 dark:bg-red-950/50 dark:text-red-100',
  },
  expired: {
    icon: Clock,
    title: 'Expired',
    text: 'The signature is genuine, but the credential’s validity has ended.',
    tone: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100',
  },
} as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-sm text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

/** /credentials/{id}: public; the browser itself checks the signature and the status list (decision 073). */
export function CredentialPage() {
  const { id = '' } = useParams();
  const verdict = useVerifiedCredential(id);
  // The JSON form carries the reason of a revocation, which the signed credential cannot.
  const json = useCredential(verdict.data?.state === 'revoked' ? id : null);

  if (verdict.isPending) return <PageSpinner label="Checking the credential’s signature…" />;
  if (verdict.isError) {
    return isApiError(verdict.error, 404) ? (
      <StateCard icon={SearchX} title="Credential not found">
        No credential has this address. Check the link you were given.
      </StateCard>
    ) : (
      <StateCard
        icon={SearchX}
        title="We could not check this credential"
        actions={
          <Button variant="outline" loading={verdict.isRefetching} onClick={() => void verdict.refetch()}>
            Try again
          </Button>
        }
      >
        Check your connection, then try again.
      </StateCard>
    );
  }
  if (verdict.data.state === 'invalid') {
    return (
      <StateCard icon={ShieldAlert} title="Not a genuine credential">
        Its signature does not match the issuer’s published key: do not rely on it.
      </StateCard>
    );
  }
  return <Verified verdict={verdict.data} revokedReason={json.data?.revoked?.reason} />;
}

function Verified({
  verdict,
  revokedReason,
}: {
  verdict: Exclude<TVerdict, { state: 'invalid' }>;
  revokedReason?: string;
}) {
  const vc = verdict.credential;
  const { achievement } = vc.credentialSubject;
  const holder = vc.credentialSubject.identifier?.[0]?.identityHash ?? 'Unnamed holder';
  const v = VERDICTS[verdict.state];
  const id = vc.id.split('/').pop()!;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <DocumentTitle title={`${vc.name}: ${v.title}`} />
      <section role="status" aria-live="polite" className={cn('flex gap-3 rounded-2xl border p-4', v.tone)}>
        <v.icon aria-hidden="true" className="size-7 shrink-0" />
        <div>
          <p className="text-lg font-semibold" data-testid="credential-verdict">
            {v.title}
          </p>
          <p className="text-sm">{v.text}</p>
          {revokedReason ? <p className="mt-1 text-sm font-medium">Reason: {revokedReason}</p> : null}
        </div>
      </section>

      <article
        aria-labelledby="credential-heading"
        className="space-y-5 rounded-3xl border border-zinc-200 bg-white p-5 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <div className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <LogoMark />
          <span>Open Badge issued by {vc.issuer.name}</span>
        </div>
        <div>
          <p className="text-xs font-semibold tracking-widest text-amber-700 uppercase dark:text-amber-400">
            {achievement.achievementType === 'Competency' ? 'Skill' : 'Course certificate'}
          </p>
          <h1 id="credential-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {vc.name}
          </h1>
          <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">{achievement.description}</p>
        </div>
        <dl className="space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <Row label="Awarded to">
            <span data-testid="credential-holder">{holder}</span>
          </Row>
          <Row label="Issued">{formatDate(vc.validFrom)}</Row>
          {vc.validUntil ? <Row label="Valid until">{formatDate(vc.validUntil)}</Row> : null}
          <Row label="Criteria">{achievement.criteria.narrative}</Row>
          {achievement.alignment?.length ? (
            <Row label="Skills">
              <ul className="flex flex-wrap gap-1.5">
                {achievement.alignment.map((a) => (
                  <li
                    key={a.targetUrl}
                    className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200"
                  >
                    {a.targetName}
                  </li>
                ))}
              </ul>
            </Row>
          ) : null}
          <Row label="Issuer">
            <a href={vc.issuer.url} className="text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300">
              {vc.issuer.name}
            </a>{' '}
            <span className="font-mono text-xs font-normal break-all text-zinc-500 dark:text-zinc-400">
              {vc.issuer.id}
            </span>
          </Row>
        </dl>
        {vc.evidence?.length ? (
          <section aria-labelledby="evidence-heading" className="border-t border-zinc-200 pt-4 dark:border-zinc-800">
            <h2 id="evidence-heading" className="mb-2 font-semibold">
              Evidence
            </h2>
            <ul className="space-y-2" data-testid="credential-evidence">
              {vc.evidence.map((e) => (
                <li key={`${e.name}-${e.id ?? ''}`} className="text-sm">
                  {e.id ? (
                    <a
                      href={e.id}
                      className="font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
                    >
                      {e.name}
                      <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5 align-[-2px]" />
                    </a>
                  ) : (
                    <span className="font-medium">{e.name}</span>
                  )}
                  {e.description ? <span className="text-zinc-600 dark:text-zinc-400"> — {e.description}</span> : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
      {verdict.state === 'valid' ? (
        <CredentialActions
          id={id}
          name={achievement.name}
          organizationName={vc.issuer.name}
          issuedAt={vc.validFrom}
          showVerify={false}
        />
      ) : null}
    </div>
  );
}
