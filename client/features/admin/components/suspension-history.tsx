import type { TAdminMemberDetail } from '#shared/admin/admin.schemas';
import { RESTRICTION_LABELS } from '#shared/roles';
import { Card, CardContent, CardHeader } from '#client/components/ui/card';
import { dateTime } from './console-bits';

type SuspensionView = TAdminMemberDetail['suspensions'][number];

/** How a suspension stopped, or that it still holds: lifted by whom and when, or ended by itself. */
function suspensionOutcome(s: SuspensionView): string {
  if (s.liftedAt && s.liftedBy) return `Lifted by ${s.liftedByName ?? 'a former admin'}, ${dateTime(s.liftedAt)}`;
  if (s.liftedAt) return `Ended ${dateTime(s.endsAt && s.endsAt < s.liftedAt ? s.endsAt : s.liftedAt)}`;
  if (s.endsAt && new Date(s.endsAt) <= new Date()) return `Ended ${dateTime(s.endsAt)}`;
  return s.endsAt ? `In force until ${dateTime(s.endsAt)}` : 'In force, no end date';
}

/** The member's admin page (issue 26): every suspension, with who set it and who lifted it. */
export function SuspensionHistory({ suspensions }: { suspensions: SuspensionView[] }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base font-semibold">Suspension history</h2>
      </CardHeader>
      <CardContent>
        {suspensions.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">This member has never been suspended.</p>
        ) : (
          <ul className="space-y-3 text-sm" data-testid="suspension-history">
            {suspensions.map((s) => (
              <li key={s.id} className="border-l-2 border-zinc-200 pl-3 dark:border-zinc-700">
                <p className="font-medium break-words">{s.reason}</p>
                <p className="text-zinc-600 dark:text-zinc-400">
                  {s.restrictions.map((r) => RESTRICTION_LABELS[r]).join('; ')}
                </p>
                <p>
                  Suspended by {s.createdByName ?? 'a former admin'}, {dateTime(s.createdAt)}
                </p>
                <p>{suspensionOutcome(s)}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
