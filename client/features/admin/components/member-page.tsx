import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { GRANTABLE_ROLES, type TAdminMemberDetail } from '../../../../shared/admin/admin.schemas';
import { RESTRICTION_LABELS, RESTRICTIONS, ROLE_LABELS, type TRestriction, type TRole } from '../../../../shared/roles';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Checkbox, Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { useMember } from '../api/get-members';
import { useMemberAction } from '../api/member-actions';
import { ConsoleHeading, dateOnly, dateTime, QueryState } from './console-bits';

/** /admin/dashboard/members/:id: the member's account, standing, activity and the actions an admin takes. */
export function MemberPage() {
  const { id = '' } = useParams();
  const { data, isPending, isError, refetch } = useMember(id);
  if (!data) return <QueryState isPending={isPending} isError={isError} label="this member" onRetry={() => void refetch()} />;
  return <MemberView key={data.user.id} detail={data} />;
}

function MemberView({ detail }: { detail: TAdminMemberDetail }) {
  const { user, suspension } = detail;
  const action = useMemberAction(user.id);
  const isAdmin = user.roles.includes('admin');
  const busy = action.isPending;

  return (
    <div>
      <Link to="/admin/dashboard/members" className="mb-3 inline-flex items-center gap-1 text-sm text-indigo-700 hover:underline dark:text-indigo-300">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Members
      </Link>
      <ConsoleHeading
        title={user.fullName}
        description={
          <>
            @{user.username} · {user.email} · joined {dateOnly(user.createdAt)}
            {user.deleted ? ' · deleted' : ''}
          </>
        }
      />
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <Card>
          <CardHeader>
            <h2 className="text-base font-semibold">Standing</h2>
          </CardHeader>
          <CardContent className="space-y-3 text-sm">
            <dl className="grid grid-cols-2 gap-2">
              <dt className="text-zinc-600 dark:text-zinc-400">Status</dt>
              <dd data-testid="member-status">{user.deleted ? 'Deleted' : user.suspended ? 'Suspended' : user.emailVerified ? 'Active' : 'Unverified'}</dd>
              <dt className="text-zinc-600 dark:text-zinc-400">Roles</dt>
              <dd>{user.roles.map((r) => ROLE_LABELS[r]).join(', ')}</dd>
              <dt className="text-zinc-600 dark:text-zinc-400">Live sessions</dt>
              <dd>{detail.sessions}</dd>
              <dt className="text-zinc-600 dark:text-zinc-400">Reports about them</dt>
              <dd>{detail.reportsAbout}</dd>
              {detail.activity.map((a) => (
                <div key={a.label} className="contents">
                  <dt className="text-zinc-600 dark:text-zinc-400">{a.label}</dt>
                  <dd>{a.value}</dd>
                </div>
              ))}
            </dl>
            {suspension ? (
              <div className="rounded-lg border border-red-200 bg-red-50 p-3 dark:border-red-900 dark:bg-red-950/40">
                <p className="font-medium">Suspended: {suspension.reason}</p>
                <p className="mt-1">{suspension.restrictions.map((r) => RESTRICTION_LABELS[r]).join('; ')}</p>
                <p className="mt-1">{suspension.endsAt ? `Until ${dateTime(suspension.endsAt)}` : 'No end date'}</p>
                <Button className="mt-3" variant="outline" size="sm" loading={busy} onClick={() => action.mutate({ kind: 'unsuspend' })}>
                  Lift suspension
                </Button>
              </div>
            ) : null}
            <div className="flex flex-wrap gap-2 pt-2">
              <Button variant="outline" size="sm" disabled={busy} onClick={() => action.mutate({ kind: 'revoke-sessions' })}>
                End all sessions
              </Button>
              {!user.emailVerified && !user.deleted ? (
                <Button variant="outline" size="sm" disabled={busy} onClick={() => action.mutate({ kind: 'resend-verification' })}>
                  Resend verification
                </Button>
              ) : null}
            </div>
          </CardContent>
        </Card>
        {!isAdmin && !user.deleted ? (
          <>
            <SuspendForm busy={busy} onSubmit={(body) => action.mutate({ kind: 'suspend', body })} />
            <RolesForm roles={user.roles} busy={busy} onSubmit={(roles) => action.mutate({ kind: 'roles', body: { roles } })} />
          </>
        ) : null}
        <Card>
          <CardHeader>
            <h2 className="text-base font-semibold">Previous actions</h2>
          </CardHeader>
          <CardContent>
            {detail.actions.length === 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">No admin has acted on this member.</p>
            ) : (
              <ul className="space-y-2 text-sm">
                {detail.actions.map((a) => (
                  <li key={a.id}>
                    <span className="font-medium">{a.action}</span> by {a.actorName}, {dateTime(a.createdAt)}
                    {a.reason ? <span className="text-zinc-600 dark:text-zinc-400">: {a.reason}</span> : null}
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function SuspendForm({ busy, onSubmit }: { busy: boolean; onSubmit: (body: { reason: string; restrictions: TRestriction[]; endsAt?: string }) => void }) {
  const [error, setError] = useState<string>();
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base font-semibold">Suspend</h2>
      </CardHeader>
      <CardContent>
        <form
          aria-label="Suspend"
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            const form = new FormData(e.currentTarget);
            const restrictions = form.getAll('restrictions') as TRestriction[];
            const reason = String(form.get('reason') ?? '').trim();
            const ends = String(form.get('endsAt') ?? '');
            if (reason.length < 3) return setError('Say why, in a few words the member will read.');
            if (!restrictions.length) return setError('Choose at least one restriction.');
            setError(undefined);
            onSubmit({ reason, restrictions, ...(ends ? { endsAt: new Date(ends).toISOString() } : {}) });
          }}
        >
          <FormField id="suspend-reason" label="Reason (the member reads it)" error={error}>
            {(control) => <Textarea {...control} name="reason" rows={3} maxLength={1000} />}
          </FormField>
          <fieldset>
            <legend className="text-sm font-medium">Restrictions</legend>
            <div className="mt-2 space-y-2">
              {RESTRICTIONS.map((r) => (
                <label key={r} className="flex items-center gap-2 text-sm">
                  <Checkbox name="restrictions" value={r} defaultChecked={r !== 'profile_hidden'} />
                  {RESTRICTION_LABELS[r]}
                </label>
              ))}
            </div>
          </fieldset>
          <FormField id="suspend-ends" label="Ends (optional)" hint="Without an end, the suspension lasts until lifted.">
            {(control) => <Input {...control} name="endsAt" type="datetime-local" />}
          </FormField>
          <Button type="submit" variant="destructive" loading={busy} loadingText="Suspending…">
            Suspend member
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function RolesForm({ roles, busy, onSubmit }: { roles: TRole[]; busy: boolean; onSubmit: (roles: TRole[]) => void }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base font-semibold">Roles</h2>
      </CardHeader>
      <CardContent>
        <form
          aria-label="Roles"
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            const chosen = new FormData(e.currentTarget).getAll('roles') as TRole[];
            if (chosen.length) onSubmit(chosen);
          }}
        >
          <fieldset>
            <legend className="text-sm font-medium">Roles held (the admin role is never given here)</legend>
            <div className="mt-2 grid grid-cols-2 gap-2">
              {GRANTABLE_ROLES.map((r) => (
                <label key={r} className="flex items-center gap-2 text-sm">
                  <Checkbox name="roles" value={r} defaultChecked={roles.includes(r)} />
                  {ROLE_LABELS[r]}
                </label>
              ))}
            </div>
          </fieldset>
          <Button type="submit" variant="outline" loading={busy} loadingText="Saving…">
            Save roles
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
