import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import type { TTwoFactorSetup } from '#shared/auth/two-factor.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { serverMessage } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { useDisableTwoFactor, useStartTwoFactor, useTwoFactorStatus } from '../api/two-factor';
import { ConsoleHeading, QueryState } from './console-bits';
import { RecoveryCodes, TwoFactorSetup } from './two-factor-setup';

/** /admin/dashboard/security: the signed-in admin's own two-factor authentication (decision 033). */
export function SecurityPage() {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactor();
  const disable = useDisableTwoFactor();
  const [setup, setSetup] = useState<TTwoFactorSetup>();
  const [codes, setCodes] = useState<string[]>();
  const [asking, setAsking] = useState(false);

  const body = () => {
    if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} />;
    if (!status.data)
      return (
        <QueryState
          isPending={status.isPending}
          isError={status.isError}
          label="two-factor authentication"
          onRetry={() => void status.refetch()}
        />
      );
    if (setup) {
      return (
        <TwoFactorSetup
          setup={setup}
          onCancel={() => setSetup(undefined)}
          onConfirmed={(recoveryCodes) => {
            setSetup(undefined);
            setCodes(recoveryCodes);
          }}
        />
      );
    }
    if (status.data.enabled) {
      return (
        <div className="space-y-4">
          <p className="flex items-center gap-2 text-sm font-medium text-emerald-800 dark:text-emerald-300">
            <ShieldCheck aria-hidden="true" className="size-4" /> On: signing in asks for a code from your authenticator
            app.
          </p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Recovery codes left: {status.data.recoveryCodesLeft} of 10.
          </p>
          <Button variant="outline" onClick={() => setAsking(true)}>
            Turn off
          </Button>
        </div>
      );
    }
    return (
      <div className="space-y-4">
        <p className="flex items-center gap-2 text-sm font-medium text-amber-800 dark:text-amber-300">
          <ShieldOff aria-hidden="true" className="size-4" /> Off: your password alone signs you in.
        </p>
        {start.isError ? (
          <Alert tone="error">{serverMessage(start.error) ?? 'That did not work. Try again.'}</Alert>
        ) : null}
        <Button
          loading={start.isPending}
          loadingText="Starting…"
          onClick={() => start.mutate(undefined, { onSuccess: setSetup })}
        >
          Turn on two-factor authentication
        </Button>
      </div>
    );
  };

  return (
    <div className="max-w-3xl">
      <ConsoleHeading title="Security" description="How you sign in to the admin console." />
      <Card>
        <CardHeader>
          <h2 className="text-base font-semibold">Two-factor authentication</h2>
          <CardDescription>
            A code from an app on your phone after your password, so a stolen password alone does not open the console.
          </CardDescription>
        </CardHeader>
        <CardContent>{body()}</CardContent>
      </Card>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Turn off two-factor authentication?"
        description={<p>Your password alone will sign you in, and your recovery codes stop working.</p>}
        confirmText="Turn off"
        confirmVariant="destructive"
        loading={disable.isPending}
        loadingText="Turning off…"
        onConfirm={() =>
          disable.mutate(undefined, {
            onSuccess: () => {
              setAsking(false);
              toast({ title: 'Two-factor authentication is off' });
            },
            onError: (err) => {
              setAsking(false);
              if (err.name !== 'ConfirmationCancelled')
                toast({
                  title: 'That did not work',
                  description: serverMessage(err) ?? err.message,
                  variant: 'destructive',
                });
            },
          })
        }
      />
    </div>
  );
}
