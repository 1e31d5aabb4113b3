import { Download } from 'lucide-react';
import { buttonClasses, Button } from '#client/components/ui/button';
import { searchOf } from '../api/admin-keys';
import { auditCsvUrl, useAudit } from '../api/get-audit';
import { ConsoleHeading, dateTime, FilterForm, FilterInput } from './console-bits';
import { ConsoleTable, PagedList, useListSearch } from './console-list';

const FILTERS = ['action', 'targetType', 'targetId', 'actorId', 'from', 'to'] as const;
const show = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/** /admin/dashboard/audit: every admin action, newest first, filtered and paged on the server, exportable as CSV. */
export function AuditPage() {
  const { filters, search, setPage } = useListSearch(FILTERS);
  const query = useAudit(search);

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
      <PagedList query={query} label="the audit log" onPage={setPage} className="overflow-x-auto">
        {(data) => (
          <ConsoleTable
            minWidth="min-w-[56rem]"
            columns={['When', 'Admin', 'Action', 'Target', 'Before → after', 'Reason']}
            alignTop
            items={data.entries}
            empty="No entry matches."
            row={(e) => (
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
            )}
          />
        )}
      </PagedList>
    </div>
  );
}
