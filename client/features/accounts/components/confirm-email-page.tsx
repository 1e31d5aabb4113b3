import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EMAIL_LINK_INVALID } from '#shared/accounts/security.schemas';
import { DocumentTitle } from '#client/components/document-title';
import { Card } from '#client/components/ui/card';
import { buttonClasses } from '#client/components/ui/button';
import { PageSpinner } from '#client/components/ui/spinner';
import { serverMessage } from '#client/lib/api-client';
import { useConfirmEmailChange } from '../api/confirm-email-change';

/**
 * /confirm-email?token=…: the link mailed to a new address. The page sends the token by POST,
 * so a mail scanner that merely fetches the link changes nothing; it works signed in or not.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmailChange();
  const { mutate } = confirm;
  // Once per page: the token works once, and a second send would report the first one's success as a failure.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate(token);
  }, [mutate, token]);

  const failed = confirm.isError;
  return (
    <>
      <DocumentTitle title="Confirm email" />
      <Card className="mx-auto mt-6 max-w-md p-6 text-center sm:p-8">
        {confirm.isSuccess || failed ? (
          <>
            {failed ? (
              <CircleX aria-hidden="true" className="mx-auto size-8 text-red-600 dark:text-red-400" />
            ) : (
              <CircleCheck aria-hidden="true" className="mx-auto size-8 text-emerald-600 dark:text-emerald-400" />
            )}
            <h1 className="mt-3 text-lg font-semibold text-zinc-900 dark:text-white">
              {failed ? 'Email not changed' : 'Email changed'}
            </h1>
            <p role={failed ? 'alert' : 'status'} className="mt-2 text-sm break-words text-zinc-600 dark:text-zinc-400">
              {failed ? (serverMessage(confirm.error) ?? EMAIL_LINK_INVALID) : confirm.data.message}
            </p>
            <Link to="/profile" className={buttonClasses('primary', 'md', 'mt-6')}>
              Go to profile
            </Link>
          </>
        ) : (
          <PageSpinner label="Confirming your new email…" className="min-h-32" />
        )}
      </Card>
    </>
  );
}
