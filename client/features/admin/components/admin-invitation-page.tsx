import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { ZAcceptInviteForm, type TAcceptInviteForm } from '#shared/admin/admin.schemas';
import { AuthCard, AuthShell } from '#client/components/auth-shell';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { serverMessage } from '#client/lib/api-client';
import { useAcceptInvitation } from '../api/invitations';

/** /admin/invitation?token=: an invited admin chooses their password, then signs in at /admin. */
export function AdminInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const accept = useAcceptInvitation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TAcceptInviteForm>({
    resolver: zodResolver(ZAcceptInviteForm),
    defaultValues: { password: '', confirmPassword: '' },
  });

  // Every refusal (a used or expired link, a weak password) is the server's sentence under the password.
  const onSubmit = handleSubmit(({ password }) =>
    accept.mutate(
      { token, password },
      { onError: (err) => setError('password', { type: 'server', message: serverMessage(err) ?? err.message }) },
    ),
  );

  return (
    <AuthShell title="Admin invitation">
      <AuthCard>
        <h1 className="text-xl font-semibold tracking-tight">Choose your admin password</h1>
        {accept.isSuccess ? (
          <Alert tone="success" className="mt-4">
            <p>Your password is set.</p>
            <Link to="/admin" className="font-medium underline">
              Sign in as an admin
            </Link>
          </Alert>
        ) : (
          <form noValidate aria-label="Choose your admin password" className="mt-4 space-y-4" onSubmit={onSubmit}>
            <FormField id="invite-password" label="Password" error={errors.password?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...register('password')}
                  type="password"
                  autoComplete="new-password"
                  required
                  minLength={8}
                />
              )}
            </FormField>
            <FormField id="invite-confirm" label="Confirm password">
              {(control) => (
                <Input
                  {...control}
                  {...register('confirmPassword')}
                  type="password"
                  autoComplete="new-password"
                  required
                />
              )}
            </FormField>
            <Button type="submit" className="w-full" loading={accept.isPending} loadingText="Saving…">
              Set password
            </Button>
          </form>
        )}
      </AuthCard>
    </AuthShell>
  );
}
