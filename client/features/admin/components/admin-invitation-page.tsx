import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard, AuthShell } from '../../../components/auth-shell';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { serverMessage } from '../../../lib/api-client';
import { useAcceptInvitation } from '../api/invitations';

/** /admin/invitation?token=: an invited admin chooses their password, then signs in at /admin. */
export function AdminInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const accept = useAcceptInvitation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string>();

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
          <form
            aria-label="Choose your admin password"
            className="mt-4 space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (password !== confirm) return setError('The passwords do not match');
              setError(undefined);
              accept.mutate({ token, password }, { onError: (err) => setError(serverMessage(err) ?? err.message) });
            }}
          >
            <FormField id="invite-password" label="Password" error={error}>
              {(control) => <Input {...control} name="password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} required minLength={8} />}
            </FormField>
            <FormField id="invite-confirm" label="Confirm password">
              {(control) => <Input {...control} name="confirmPassword" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} required />}
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
