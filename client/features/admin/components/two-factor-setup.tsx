import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ZTwoFactorCode, type TTwoFactorCode, type TTwoFactorSetup } from '#shared/auth/two-factor.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Textarea } from '#client/components/ui/textarea';
import { serverMessage } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { useConfirmTwoFactor } from '../api/two-factor';

/** Copies a value, telling whether it worked: a browser may refuse the clipboard. */
function CopyButton({ value, label }: { value: string; label: string }) {
  return (
    <Button
      type="button"
      variant="outline"
      aria-label={label}
      onClick={() =>
        void navigator.clipboard.writeText(value).then(
          () => toast({ title: 'Copied' }),
          () =>
            toast({
              title: 'Could not copy',
              description: 'Select the text and copy it by hand.',
              variant: 'destructive',
            }),
        )
      }
    >
      Copy
    </Button>
  );
}

/** Read-only values shown whole, wrapping on a narrow phone rather than scrolling inside the box. */
const WRAPPED = 'min-h-0! resize-none font-mono break-all field-sizing-content';

/**
 * Adding the account to an authenticator app: the key to type (no QR library is installed, so
 * the key and the otpauth link are shown as text), then a current code to prove it worked.
 */
export function TwoFactorSetup({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: TTwoFactorSetup;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const confirm = useConfirmTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TTwoFactorCode>({ resolver: zodResolver(ZTwoFactorCode), defaultValues: { code: '' } });
  const grouped = setup.secret.match(/.{1,4}/g)!.join(' ');

  // A wrong code is the server's sentence under the field.
  const onSubmit = handleSubmit(({ code }) =>
    confirm.mutate(code, {
      onSuccess: (r) => onConfirmed(r.recoveryCodes),
      onError: (err) => setError('code', { type: 'server', message: serverMessage(err) ?? err.message }),
    }),
  );

  return (
    <div className="space-y-6">
      <ol className="list-decimal space-y-2 pl-5 text-sm text-zinc-700 dark:text-zinc-300">
        <li>
          Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…) and
          add an account.
        </li>
        <li>
          Choose to enter a setup key, and type or paste the key below (time-based). Or open the link on the device that
          has the app.
        </li>
        <li>Type the 6-digit code the app then shows.</li>
      </ol>
      <div className="space-y-4">
        <FormField id="two-factor-secret" label="Setup key">
          {(control) => (
            <div className="flex items-start gap-2">
              <Textarea
                {...control}
                readOnly
                value={grouped}
                className={WRAPPED}
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton value={setup.secret} label="Copy the setup key" />
            </div>
          )}
        </FormField>
        <FormField
          id="two-factor-uri"
          label="Link for authenticator apps"
          hint={
            <a className="text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300" href={setup.uri}>
              Open in an authenticator app
            </a>
          }
        >
          {(control) => (
            <div className="flex items-start gap-2">
              <Textarea
                {...control}
                readOnly
                value={setup.uri}
                className={`${WRAPPED} text-xs`}
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton value={setup.uri} label="Copy the link" />
            </div>
          )}
        </FormField>
      </div>
      <form
        noValidate
        aria-label="Confirm two-factor authentication"
        className="flex flex-wrap items-end gap-3"
        onSubmit={onSubmit}
      >
        <div className="min-w-48 flex-1">
          <FormField id="two-factor-confirm-code" label="Code from the app" error={errors.code?.message}>
            {(control) => (
              <Input {...control} {...register('code')} inputMode="numeric" autoComplete="one-time-code" required />
            )}
          </FormField>
        </div>
        <div className="flex gap-2">
          <Button type="submit" loading={confirm.isPending} loadingText="Checking…">
            Turn on
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

/** Shown once, right after turning on: only their hashes are kept on the server. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-4">
      <Alert tone="success">
        Two-factor authentication is on. The next time you sign in, the code from your app is asked after your password.
      </Alert>
      <div>
        <h3 className="text-sm font-semibold">Your recovery codes</h3>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Each one signs you in once if you lose your phone. Keep them somewhere safe: they are shown only now.
        </p>
      </div>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-2 rounded-lg border border-zinc-200 bg-zinc-50 p-4 font-mono text-sm sm:grid-cols-2 dark:border-zinc-800 dark:bg-zinc-950"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={codes.join('\n')} label="Copy the recovery codes" />
        <Button type="button" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}
