import { Link } from 'react-router';
import { MEMBER_STATUSES, MEMBER_SORTS } from '#shared/admin/admin.schemas';
import { ROLE_LABELS, ROLES } from '#shared/roles';
import { useMembers } from '../api/get-members';
import { ConsoleHeading, dateOnly, FilterForm, FilterInput, FilterSelect, SearchButton } from './console-bits';
import { ConsoleTable, PagedList, useListSearch } from './console-list';
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
  const { filters, search, setPage } = useListSearch(FILTERS);
  const query = useMembers(search);

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
        <SearchButton />
      </FilterForm>
      <PagedList query={query} label="members" onPage={setPage} className="overflow-x-auto">
        {(data) => (
          <ConsoleTable
            minWidth="min-w-[44rem]"
            columns={['Member', 'Email', 'Roles', 'Status', 'Joined']}
            items={data.users}
            empty="No member matches."
            row={(u) => (
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
            )}
          />
        )}
      </PagedList>
      <InviteAdminForm />
    </div>
  );
}
