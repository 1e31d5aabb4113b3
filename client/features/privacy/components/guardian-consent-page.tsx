import { CircleCheck, CircleX } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { GUARDIAN_CONSENT_UNDER, MINIMUM_AGE, REFUND_WINDOW_DAYS } from '#shared/constants';
import { AuthCard, AuthMessage, AuthShell } from '#client/components/auth-shell';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Checkbox } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { PageSpinner } from '#client/components/ui/spinner';
import { serverMessage } from '#client/lib/api-client';
import { formatDate } from '#client/lib/format-date';
import { useGiveConsent, useGuardianRequest } from '../api/guardian-consent';

/**
 * /guardian-consent?token=: the page a parent or guardian opens from the mail. Public: they have
 * no account. Reading uses nothing up; confirming records the consent with its time and address.
 */
export function GuardianConsentPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const request = useGuardianRequest(token);
  const give = useGiveConsent();
  const [ticked, setTicked] = useState(false);
  const [tried, setTried] = useState(false);

  const failure = !token
    ? 'This link has no consent token. Open the link from the mail again.'
    : request.error
      ? (serverMessage(request.error) ?? 'This consent link could not be checked. Please try again later.')
      : undefined;
  const done = give.data;

  return (
    <AuthShell title="Parent or guardian consent">
      <AuthCard>
        {done ? (
          <AuthMessage
            tone="success"
            icon={<CircleCheck aria-hidden="true" className="size-6" />}
            title="Thank you: consent recorded"
          >
            <p>
              {done.guardianName}, your consent for {done.memberName} was recorded on {formatDate(done.consentedAt!)}.
              They can now pay for courses and plans and sell their own.
            </p>
          </AuthMessage>
        ) : failure ? (
          <AuthMessage
            tone="error"
            icon={<CircleX aria-hidden="true" className="size-6" />}
            title="This link does not work"
          >
            <p role="alert">{failure}</p>
          </AuthMessage>
        ) : !request.data ? (
          <PageSpinner label="Checking the link…" className="min-h-48" />
        ) : (
          <div className="space-y-4">
            <h1 className="text-xl font-semibold tracking-tight text-zinc-900 dark:text-white">
              Consent for {request.data.memberName}
            </h1>
            <p className="text-sm text-zinc-700 dark:text-zinc-300">
              Hello {request.data.guardianName}. {request.data.memberName} named you as their parent or guardian. Our
              terms set a minimum age of {MINIMUM_AGE}, and under {GUARDIAN_CONSENT_UNDER} needs parent or guardian
              consent.
            </p>
            <div className="rounded-lg border border-zinc-200 p-4 text-sm dark:border-zinc-800">
              <p className="font-medium text-zinc-900 dark:text-white">
                By consenting, you agree that {request.data.memberName} may:
              </p>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-zinc-700 dark:text-zinc-300">
                <li>pay for courses and paid plans on the platform;</li>
                <li>sell their own courses and be paid for them;</li>
                <li>
                  do so under our terms, which you accept on their behalf: refund requests within {REFUND_WINDOW_DAYS}{' '}
                  days, governed by Nigerian law.
                </li>
              </ul>
              <p className="mt-2 text-zinc-600 dark:text-zinc-400">
                Read the{' '}
                <Link className="underline" to="/terms">
                  Terms
                </Link>{' '}
                and the{' '}
                <Link className="underline" to="/privacy">
                  Privacy policy
                </Link>
                . We record the time and the address you consent from.
              </p>
            </div>
            <div className="flex items-start gap-2">
              <Checkbox
                id="guardian-confirm"
                name="confirm"
                checked={ticked}
                onChange={(e) => setTicked(e.target.checked)}
                aria-describedby={tried && !ticked ? 'guardian-confirm-error' : undefined}
              />
              <Label htmlFor="guardian-confirm" className="font-normal">
                I am {request.data.guardianName}, the parent or guardian of {request.data.memberName}, and I give my
                consent.
              </Label>
            </div>
            {tried && !ticked ? (
              <p id="guardian-confirm-error" className="text-sm text-red-700 dark:text-red-400">
                Tick the box to give your consent
              </p>
            ) : null}
            {give.error ? (
              <Alert tone="error">
                {serverMessage(give.error) ?? 'Your consent could not be recorded. Please try again.'}
              </Alert>
            ) : null}
            <Button
              size="lg"
              className="w-full"
              loading={give.isPending}
              loadingText="Recording…"
              onClick={() => {
                setTried(true);
                if (ticked) give.mutate(token);
              }}
            >
              Give my consent
            </Button>
          </div>
        )}
      </AuthCard>
    </AuthShell>
  );
}
