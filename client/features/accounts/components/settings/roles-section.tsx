import type { TUser } from '#shared/accounts/accounts.schemas';
import { ROLE_CARDS } from '#shared/accounts/roles.schemas';
import { ROLE_LABELS, type TRole } from '#shared/roles';
import { Button } from '#client/components/ui/button';
import { useUser } from '#client/features/accounts/api/get-user';
import { useRoleDetails } from '#client/features/accounts/api/get-role-details';
import { useSetPrimaryRole } from '#client/features/accounts/api/set-primary-role';
import { useTakeRole } from '#client/features/accounts/api/take-role';
import { RoleCard } from './role-card';

const CARD_ROLES: readonly TRole[] = ROLE_CARDS.map((c) => c.role);

/**
 * /profile "Roles": the four self-service roles as cards, and any other role held (general,
 * mentor from an approved application, mentee from a subscription) to make primary. A role
 * taken by a member whose primary role is still `general` becomes primary: there was nothing
 * else for the navigation to follow.
 */
export function RolesSection() {
  const { data: user } = useUser();
  const details = useRoleDetails();
  const take = useTakeRole();
  const primary = useSetPrimaryRole();
  // Administrators take no member roles (the server refuses them too).
  if (!user || user.role === 'admin') return null;
  const pendingTake = take.isPending ? take.variables.role : undefined;
  const pendingPrimary = primary.isPending ? primary.variables : undefined;

  return (
    <div className="space-y-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Your primary role is{' '}
        <strong className="font-medium text-zinc-900 dark:text-zinc-100">{ROLE_LABELS[user.role]}</strong>: the
        navigation follows it. Taking on another role keeps everything the others made.
      </p>
      <OtherRoles user={user} pending={pendingPrimary} onMakePrimary={(role) => primary.mutate(role)} />
      <div className="grid items-start gap-4 lg:grid-cols-2">
        {ROLE_CARDS.map((card) => (
          <RoleCard
            key={card.role}
            card={card}
            user={user}
            details={details.data}
            taking={pendingTake === card.role}
            switching={pendingPrimary === card.role}
            onTake={() => take.mutate({ role: card.role, primary: user.role === 'general' })}
            onMakePrimary={() => primary.mutate(card.role)}
          />
        ))}
      </div>
    </div>
  );
}

/** Held roles without a card of their own, when one of them could become primary. */
function OtherRoles({
  user,
  pending,
  onMakePrimary,
}: {
  user: TUser;
  pending: TRole | undefined;
  onMakePrimary: (role: TRole) => void;
}) {
  const others = user.roles.filter((r) => !CARD_ROLES.includes(r) && r !== user.role);
  if (others.length === 0) return null;
  return (
    <ul aria-label="Other roles you hold" className="flex flex-wrap gap-2">
      {others.map((role) => (
        <li key={role}>
          <Button variant="outline" size="sm" loading={pending === role} onClick={() => onMakePrimary(role)}>
            Make {ROLE_LABELS[role]} primary
          </Button>
        </li>
      ))}
    </ul>
  );
}
