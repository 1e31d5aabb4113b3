import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import {
  GRANTABLE_ROLES,
  ZRolesInput,
  ZSuspendInput,
  type TAdminMemberDetail,
  type TRolesInput,
  type TSuspendInput,
} from '#shared/admin/admin.schemas';
import { RESTRICTION_LABELS, RESTRICTIONS, ROLE_LABELS, type TRole } from '#shared/roles';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader } from '#client/components/ui/card';
import { FieldError, FormField } from '#client/components/ui/form-field';
import { Checkbox, Input } from '#client/components/ui/input';
import { Textarea } from '#client/components/ui/textarea';
import { applyFieldErrors } from '#client/lib/form-errors';
import { useUser } from '#client/features/accounts';
import { useMember } from '../api/get-members';
import { useMemberAction } from '../api/member-actions';
import { ConsoleHeading, dateOnly, dateTime, QueryState } from './console-bits';
import { AdjustmentForm } from './adjustment-form';
import { AuditSentence, auditDetails, RawDetails } from './audit-entry';
import { MemberWallet } from './member-wallet';
import { SuspensionHistory } from './suspension-history';

/** /admin/dashboard/members/:id: the member's account, standing, activity and the actions an admin takes. */
export function MemberPage() {
  const { id = '' } = useParams();
  const { data, isPending, isError, refetch } = useMember(id);
  if (!data)
    return <QueryState isPending={isPending} isError={isError} label="this member" onRetry={() => void refetch()} />;
  return <MemberView key={data.user.id} detail={data} />;
}

function MemberView({ detail }: { detail: TAdminMemberDetail }) {
  const { user, suspension } = detail;
  const action = useMemberAction(user.id);
  const { data: me } = useUser();
  const isAdmin = user.roles.includes('admin');
  const busy = action.isPending;

  return (
    <div>
      <Link
        to="/admin/dashboard/members"
        className="mb-3 inline-flex items-center gap-1 text-sm text-indigo-700 hover:underline dark:text-indigo-300"
      >
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
              <dd data-testid="member-status">
                {user.deleted ? 'Deleted' : user.suspended ? 'Suspended' : user.emailVerified ? 'Active' : 'Unverified'}
              </dd>
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
                <Button
                  className="mt-3"
                  variant="outline"
                  size="sm"
                  loading={busy}
                  onClick={() => action.mutate({ kind: 'unsuspend' })}
                >
                  Lift suspension
                </Button>
              </div>
            ) : null}
            <div className="flex flex-wrap gap-2 pt-2">
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                onClick={() => action.mutate({ kind: 'revoke-sessions' })}
              >
                End all sessions
              </Button>
              {!user.emailVerified && !user.deleted ? (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  onClick={() => action.mutate({ kind: 'resend-verification' })}
                >
                  Resend verification
                </Button>
              ) : null}
            </div>
          </CardContent>
        </Card>
        {!isAdmin && !user.deleted ? (
          <>
            <SuspendForm
              busy={busy}
              onSubmit={(body, handlers) => action.mutate({ kind: 'suspend', body }, handlers)}
            />
            <RolesForm
              roles={user.roles}
              busy={busy}
              onSubmit={(body, handlers) => action.mutate({ kind: 'roles', body }, handlers)}
            />
          </>
        ) : null}
        <MemberWallet memberId={user.id} />
        {me?.id !== user.id ? <AdjustmentForm memberId={user.id} memberName={user.fullName} /> : null}
        <SuspensionHistory suspensions={detail.suspensions} />
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
                  <li key={a.id} className="space-y-1">
                    <p>
                      <AuditSentence entry={a} />, {dateTime(a.createdAt)}
                      {a.reason ? <span className="text-zinc-600 dark:text-zinc-400">: {a.reason}</span> : null}
                    </p>
                    <RawDetails value={auditDetails(a)} />
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

/** The form's end is the datetime-local text (the browser's own zone); it is sent as an instant, or left out. */
const ZSuspendForm = ZSuspendInput.omit({ endsAt: true }).extend({ endsAt: z.string() });
type TSuspendForm = z.infer<typeof ZSuspendForm>;
type OnFieldError = { onError: (err: Error) => void };

function SuspendForm({
  busy,
  onSubmit,
}: {
  busy: boolean;
  onSubmit: (body: TSuspendInput, handlers: OnFieldError) => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TSuspendForm>({
    resolver: zodResolver(ZSuspendForm),
    defaultValues: { reason: '', restrictions: RESTRICTIONS.filter((r) => r !== 'profile_hidden'), endsAt: '' },
  });
  const submit = handleSubmit(({ endsAt, ...rest }) =>
    onSubmit(
      { ...rest, ...(endsAt ? { endsAt: new Date(endsAt).toISOString() } : {}) },
      { onError: (err) => applyFieldErrors(err, setError, ['reason', 'restrictions', 'endsAt']) },
    ),
  );
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base font-semibold">Suspend</h2>
      </CardHeader>
      <CardContent>
        <form noValidate aria-label="Suspend" className="space-y-4" onSubmit={submit}>
          <FormField id="suspend-reason" label="Reason (the member reads it)" error={errors.reason?.message}>
            {(control) => <Textarea {...control} {...register('reason')} rows={3} maxLength={1000} />}
          </FormField>
          <fieldset aria-describedby={errors.restrictions ? 'suspend-restrictions-error' : undefined}>
            <legend className="text-sm font-medium">Restrictions</legend>
            <div className="mt-2 space-y-2">
              {RESTRICTIONS.map((r) => (
                <label key={r} className="flex items-center gap-2 text-sm">
                  <Checkbox value={r} {...register('restrictions')} />
                  {RESTRICTION_LABELS[r]}
                </label>
              ))}
            </div>
            {errors.restrictions?.message ? (
              <FieldError id="suspend-restrictions-error">{errors.restrictions.message}</FieldError>
            ) : null}
          </fieldset>
          <FormField
            id="suspend-ends"
            label="Ends (optional)"
            hint="Without an end, the suspension lasts until lifted."
            error={errors.endsAt?.message}
          >
            {(control) => <Input {...control} {...register('endsAt')} type="datetime-local" />}
          </FormField>
          <Button type="submit" variant="destructive" loading={busy} loadingText="Suspending…">
            Suspend member
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function RolesForm({
  roles,
  busy,
  onSubmit,
}: {
  roles: TRole[];
  busy: boolean;
  onSubmit: (body: TRolesInput, handlers: OnFieldError) => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TRolesInput>({
    resolver: zodResolver(ZRolesInput),
    defaultValues: { roles: GRANTABLE_ROLES.filter((r) => roles.includes(r)) },
  });
  const submit = handleSubmit((body) =>
    onSubmit(body, { onError: (err) => applyFieldErrors(err, setError, ['roles']) }),
  );
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base font-semibold">Roles</h2>
      </CardHeader>
      <CardContent>
        <form noValidate aria-label="Roles" className="space-y-3" onSubmit={submit}>
          <fieldset aria-describedby={errors.roles ? 'member-roles-error' : undefined}>
            <legend className="text-sm font-medium">Roles held (the admin role is never given here)</legend>
            <div className="mt-2 grid grid-cols-2 gap-2">
              {GRANTABLE_ROLES.map((r) => (
                <label key={r} className="flex items-center gap-2 text-sm">
                  <Checkbox value={r} {...register('roles')} />
                  {ROLE_LABELS[r]}
                </label>
              ))}
            </div>
            {errors.roles?.message ? <FieldError id="member-roles-error">{errors.roles.message}</FieldError> : null}
          </fieldset>
          <Button type="submit" variant="outline" loading={busy} loadingText="Saving…">
            Save roles
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
