import { FileText } from 'lucide-react';
import { Link, Navigate, useLocation } from 'react-router';
import { PageHeader } from '#client/components/page-header';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { useAcceptConsents, useUser } from '#client/features/accounts';
import { returnPath, useLogout } from '#client/features/auth';

const link = 'font-medium text-indigo-700 underline dark:text-indigo-300';

/**
 * /consent: where the guard sends a member whose accepted terms or privacy version is older than
 * the one in force (decision 019). Reading stays open: the documents, and /profile with its data
 * export and account deletion, are reachable without agreeing.
 */
export function ConsentPage() {
  const { state } = useLocation();
  const { data: user } = useUser();
  const accept = useAcceptConsents();
  const logout = useLogout();
  if (user && !user.consentRequired) return <Navigate to={returnPath(state)} replace />;

  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="We've updated our terms" />
      <Card className="space-y-5 p-6 sm:p-8">
        <FileText aria-hidden="true" className="size-8 text-indigo-600 dark:text-indigo-400" />
        <p className="text-zinc-700 dark:text-zinc-300">
          Our{' '}
          <Link className={link} to="/terms">
            Terms and Conditions
          </Link>{' '}
          and{' '}
          <Link className={link} to="/privacy">
            Privacy Policy
          </Link>{' '}
          have changed since you last agreed to them. Please read them, then agree to keep using the platform.
        </p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          If you do not agree, you can still download your data or delete your account from your{' '}
          <Link className={link} to="/profile">
            profile
          </Link>
          .
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="outline"
            loading={logout.isPending}
            loadingText="Logging out…"
            onClick={() => logout.mutate()}
          >
            Log out
          </Button>
          <Button loading={accept.isPending} loadingText="Saving…" onClick={() => accept.mutate()}>
            I agree
          </Button>
        </div>
      </Card>
    </div>
  );
}
