import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useInviteAdmin } from '../api/invitations';

/** Another admin, by email: they choose a password through the mailed link. */
export function InviteAdminForm() {
  const invite = useInviteAdmin();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  return (
    <Card className="mt-6">
      <CardHeader>
        <h2 className="text-base font-semibold">Invite an admin</h2>
      </CardHeader>
      <CardContent>
        <form
          aria-label="Invite an admin"
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            setError(undefined);
            invite.mutate(email.trim(), {
              onSuccess: (r) => {
                toast({ title: 'Invitation sent', description: r.message });
                setEmail('');
              },
              onError: (err) => {
                if (err.name !== 'ConfirmationCancelled') setError(serverMessage(err) ?? err.message);
              },
            });
          }}
        >
          <div className="min-w-64 flex-1">
            <FormField id="invite-email" label="Email" error={error} hint="An admin account of its own: not a member's address.">
              {(control) => <Input {...control} name="email" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} required />}
            </FormField>
          </div>
          <Button type="submit" variant="outline" loading={invite.isPending} loadingText="Sending…">
            Send invitation
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
