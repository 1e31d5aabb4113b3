import { Download } from 'lucide-react';
import { buttonClasses, Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { searchOf } from '../api/admin-keys';
import { auditCsvUrl, useAudit } from '../api/get-audit';
import {
  ConsoleHeading,
  dateTime,
  FilterForm,
  FilterInput,
  Pager,
  QueryState,
  useFilterValues,
  usePageParam,
} from './console-bits';

const FILTERS = ['action', 'targetType', 'targetId', 'actorId', 'from', 'to'] as const;
const show = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/** /admin/dashboard/audit: every admin action, newest first, filtered and paged on the server, exportable as CSV. */
export function AuditPage() {
  const filters = useFilterValues(FILTERS);
  const [page, setPage] = usePageParam();
  const { data, isPending, isError, refetch } = useAudit(searchOf({ ...filters, page: page > 1 ? page : undefined }));

  return (
    <div>
      <ConsoleHeading
        title="Audit log"
        description="What every admin did, with the state before and after. Nobody can edit it."
        actions={
          <a className={buttonClasses('outline', 'sm')} href={auditCsvUrl(searchOf(filters))} download>
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </a>
        }
      />
      <FilterForm filters={FILTERS} className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {(
          [
            ['action', 'Action', 'text', 'member.suspend'],
            ['targetType', 'Target type', 'text', 'user'],
            ['targetId', 'Target id', 'text', ''],
            ['from', 'From', 'date', ''],
            ['to', 'To', 'date', ''],
          ] as const
        ).map(([name, label, type, placeholder]) => (
          <FilterInput
            key={name}
            id={`audit-${name}`}
            name={name}
            label={label}
            type={type}
            placeholder={placeholder}
            value={filters[name]}
          />
        ))}
        <input type="hidden" name="actorId" value={filters.actorId ?? ''} />
        <div className="flex items-end">
          <Button type="submit">Filter</Button>
        </div>
      </FilterForm>
      <Card className="overflow-x-auto">
        {data ? (
          <table className="w-full min-w-[56rem] text-left text-sm">
            <thead className="border-b border-zinc-200 text-xs text-zinc-600 uppercase dark:border-zinc-800 dark:text-zinc-400">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  When
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Admin
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Action
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Target
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Before → after
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Reason
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 align-top dark:divide-zinc-800">
              {data.entries.map((e) => (
                <tr key={e.id}>
                  <td className="px-4 py-3 whitespace-nowrap">{dateTime(e.createdAt)}</td>
                  <td className="px-4 py-3">{e.actorName}</td>
                  <td className="px-4 py-3 font-mono text-xs">{e.action}</td>
                  <td className="px-4 py-3 text-xs break-all">
                    {e.targetType}
                    {e.targetId ? `:${e.targetId}` : ''}
                  </td>
                  <td className="max-w-md px-4 py-3 font-mono text-xs break-all">
                    {show(e.before) || '—'} → {show(e.after) || '—'}
                  </td>
                  <td className="px-4 py-3">{e.reason}</td>
                </tr>
              ))}
              {data.entries.length === 0 ? (
                <tr>
                  <td colSpan={6} className="px-4 py-8 text-center text-zinc-600 dark:text-zinc-400">
                    No entry matches.
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        ) : (
          <QueryState isPending={isPending} isError={isError} label="the audit log" onRetry={() => void refetch()} />
        )}
      </Card>
      {data ? <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} /> : null}
    </div>
  );
}
