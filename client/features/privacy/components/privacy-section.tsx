import { Download, Trash2 } from 'lucide-react';
import { EXPORT_VALID_HOURS } from '#shared/privacy/privacy.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button, buttonClasses } from '#client/components/ui/button';
import { formatDateTime } from '#client/lib/format-date';
import { serverMessage } from '#client/lib/api-client';
import { useDataExport, useRequestExport } from '../api/data-export';
import { DeleteAccount } from './delete-account';

const dateTime = formatDateTime;

function DownloadMyData() {
  const current = useDataExport();
  const request = useRequestExport();
  const state = current.data?.export;
  return (
    <div className="space-y-3 pb-6" data-testid="data-export">
      <h3 className="text-base font-semibold text-zinc-900 dark:text-white">Download my data</h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        A ZIP file with everything we hold about you, one JSON file per part of the platform. We notify you when it is
        ready; the link works for {EXPORT_VALID_HOURS} hours.
      </p>
      {state?.status === 'building' ? (
        <Alert tone="info">Preparing your data… You can leave this page: we will notify you when it is ready.</Alert>
      ) : state?.status === 'ready' ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <a href={state.downloadUrl!} className={buttonClasses('primary', 'md')} download>
            <Download aria-hidden="true" className="size-4" />
            Download ZIP
          </a>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Ready. The link works until {dateTime(state.expiresAt!)}.
          </p>
        </div>
      ) : null}
      {request.error ? (
        <Alert tone="error">
          {serverMessage(request.error) ?? 'Your data could not be requested. Please try again.'}
        </Alert>
      ) : null}
      {state?.status !== 'building' ? (
        <Button
          variant={state ? 'outline' : 'primary'}
          loading={request.isPending}
          loadingText="Requesting…"
          onClick={() => request.mutate()}
        >
          {state ? 'Prepare a new copy' : 'Download my data'}
        </Button>
      ) : null}
    </div>
  );
}

/** The Privacy section of /profile: the rights NDPA 2023 gives a member over their data (decision 020). */
export function PrivacySection() {
  return (
    <div className="divide-y divide-zinc-200 dark:divide-zinc-800">
      <DownloadMyData />
      <div className="space-y-3 pt-6">
        <h3 className="flex items-center gap-2 text-base font-semibold text-zinc-900 dark:text-white">
          <Trash2 aria-hidden="true" className="size-4" />
          Delete my account
        </h3>
        <DeleteAccount />
      </div>
    </div>
  );
}
