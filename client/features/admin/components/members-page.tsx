import { Search } from 'lucide-react';
import { Link } from 'react-router';
import { MEMBER_STATUSES, MEMBER_SORTS } from '#shared/admin/admin.schemas';
import { ROLE_LABELS, ROLES } from '#shared/roles';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { searchOf } from '../api/admin-keys';
import { useMembers } from '../api/get-members';
import {
  ConsoleHeading,
  dateOnly,
  FilterForm,
  FilterInput,
  FilterSelect,
  Pager,
  QueryState,
  useFilterValues,
  usePageParam,
} from './console-bits';
import { InviteAdminForm } from './invite-admin-form';

const FILTERS = ['q', 'role', 'status', 'joinedFrom', 'joinedTo', 'sort'] as const;
const STATUS_LABELS: Record<(typeof MEMBER_STATUSES)[number], string> = {
  active: 'Active',
  unverified: 'Unverified',
  suspended: 'Suspended',
  deleted: 'Deleted',
};
const SORT_LABELS: Record<(typeof MEMBER_SORTS)[number], string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name',
  username: 'Username',
};

/** /admin/dashboard/members?q=&role=&status=&page=: the members list, searched and paged on the server; the URL is shareable. */
export function MembersPage() {
  const filters = useFilterValues(FILTERS);
  const [page, setPage] = usePageParam();
  const search = searchOf({ ...filters, page: page > 1 ? page : undefined });
  const { data, isPending, isError, refetch } = useMembers(search);

  return (
    <div>
      <ConsoleHeading
        title="Members"
        description="Find a member by name, username or email; filter by role, status or when they joined."
      />
      <FilterForm filters={FILTERS} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
        <div className="lg:col-span-2">
          <FilterInput
            id="members-q"
            name="q"
            label="Search"
            type="search"
            value={filters.q}
            placeholder="Name, username or email"
          />
        </div>
        <FilterSelect
          id="members-role"
          name="role"
          label="Role"
          value={filters.role}
          anyLabel="Any role"
          options={ROLES}
          labels={ROLE_LABELS}
        />
        <FilterSelect
          id="members-status"
          name="status"
          label="Status"
          value={filters.status}
          anyLabel="Any status"
          options={MEMBER_STATUSES}
          labels={STATUS_LABELS}
        />
        <FilterInput id="members-from" name="joinedFrom" label="Joined from" type="date" value={filters.joinedFrom} />
        <FilterInput id="members-to" name="joinedTo" label="Joined until" type="date" value={filters.joinedTo} />
        <FilterSelect
          id="members-sort"
          name="sort"
          label="Sort"
          value={filters.sort}
          options={MEMBER_SORTS}
          labels={SORT_LABELS}
        />
        <div className="flex items-end">
          <Button type="submit">
            <Search aria-hidden="true" className="size-4" />
            Search
          </Button>
        </div>
      </FilterForm>
      <Card className="overflow-x-auto">
        {data ? (
          <table className="w-full min-w-[44rem] text-left text-sm">
            <thead className="border-b border-zinc-200 text-xs text-zinc-600 uppercase dark:border-zinc-800 dark:text-zinc-400">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Member
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Email
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Roles
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Joined
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {data.users.map((u) => (
                <tr key={u.id}>
                  <td className="px-4 py-3">
                    <Link
                      to={`/admin/dashboard/members/${u.id}`}
                      className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                    >
                      {u.fullName}
                    </Link>
                    <div className="text-xs text-zinc-500">@{u.username}</div>
                  </td>
                  <td className="px-4 py-3 break-all">{u.email}</td>
                  <td className="px-4 py-3">{u.roles.map((r) => ROLE_LABELS[r]).join(', ')}</td>
                  <td className="px-4 py-3">
                    {u.deleted ? 'Deleted' : u.suspended ? 'Suspended' : u.emailVerified ? 'Active' : 'Unverified'}
                  </td>
                  <td className="px-4 py-3">{dateOnly(u.createdAt)}</td>
                </tr>
              ))}
              {data.users.length === 0 ? (
                <tr>
                  <td colSpan={5} className="px-4 py-8 text-center text-zinc-600 dark:text-zinc-400">
                    No member matches.
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        ) : (
          <QueryState isPending={isPending} isError={isError} label="members" onRetry={() => void refetch()} />
        )}
      </Card>
      {data ? <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} /> : null}
      <InviteAdminForm />
    </div>
  );
}
