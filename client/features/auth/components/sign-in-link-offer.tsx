import { Mail } from 'lucide-react';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { serverMessage } from '#client/lib/api-client';
import { useRequestSignInLink } from '../api/sign-in-link';

/**
 * Shown under a sign-in the account's lock refused (decision 049): strangers' guesses can pause
 * sign-ins from devices the owner never used, and a link to the owner's inbox lets them in here.
 */
export function SignInLinkOffer({ login }: { login: string }) {
  const ask = useRequestSignInLink();
  if (ask.isSuccess) return <Alert tone="success">{ask.data.message}</Alert>;
  return (
    <div className="space-y-3 rounded-lg border border-zinc-200 bg-zinc-50 p-4 dark:border-zinc-700 dark:bg-zinc-800/60">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Sign-ins on this account are paused after too many failed attempts. We can email you a link that signs you in on
        this device now.
      </p>
      {ask.isError ? (
        <Alert tone="error">{serverMessage(ask.error) ?? 'Could not send the link. Please try again.'}</Alert>
      ) : null}
      <Button
        type="button"
        variant="outline"
        className="w-full"
        loading={ask.isPending}
        loadingText="Sending…"
        onClick={() => ask.mutate({ login })}
      >
        <Mail aria-hidden="true" className="size-4" />
        Email me a sign-in link
      </Button>
    </div>
  );
}
