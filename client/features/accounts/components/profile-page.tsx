import { ROLE_LABELS } from '../../../../shared/roles';
import { PageHeader } from '../../../components/page-header';
import { Card } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format-date';
import { initials } from '../../../lib/initials';
import { useUser } from '../api/get-user';

/** /profile: the account's real details; the settings PRODUCT.md lists come later. */
export function ProfilePage() {
  const { data: user } = useUser();
  if (!user) return null;

  const rows: Array<[string, string]> = [
    ['Full name', user.fullName],
    ['Username', user.username],
    ['Email', user.email],
    ['Role', ROLE_LABELS[user.role]],
    ['Member since', formatDate(user.createdAt)],
  ];

  return (
    <>
      <PageHeader title="Profile" description="Your account details." />
      <Card className="overflow-hidden">
        <div className="flex items-center gap-4 border-b border-zinc-200 p-6 dark:border-zinc-800">
          <span
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-lg font-semibold text-white"
          >
            {initials(user.fullName)}
          </span>
          <div className="min-w-0">
            <h2 className="truncate text-lg font-semibold text-zinc-900 dark:text-white">{user.fullName}</h2>
            <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">@{user.username}</p>
          </div>
        </div>
        <dl className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-1 px-6 py-4 sm:grid-cols-3 sm:gap-4">
              <dt className="text-sm font-medium text-zinc-600 dark:text-zinc-400">{label}</dt>
              <dd className="text-sm break-words text-zinc-900 sm:col-span-2 dark:text-zinc-100">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <p className="mt-6 text-sm text-zinc-600 dark:text-zinc-400">More profile settings are not available yet.</p>
    </>
  );
}
