import { Download } from 'lucide-react';
import { buttonClasses, Button } from '#client/components/ui/button';
import { searchOf } from '../api/admin-keys';
import { auditCsvUrl, useAudit } from '../api/get-audit';
import { ConsoleHeading, dateTime, FilterForm, FilterInput } from './console-bits';
import { AuditSentence, auditDetails, RawDetails } from './audit-entry';
import { PagedList, useListSearch } from './console-list';

const FILTERS = ['action', 'targetType', 'targetId', 'actorId', 'from', 'to'] as const;

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
      <PagedList query={query} label="the audit log" onPage={setPage}>
        {(data) =>
          data.entries.length === 0 ? (
            <p className="p-4 text-sm text-zinc-600 dark:text-zinc-400">No entry matches.</p>
          ) : (
            <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="audit-entries">
              {data.entries.map((e) => (
                <li key={e.id} className="space-y-1 px-4 py-3 text-sm">
                  <p className="text-xs text-zinc-500 dark:text-zinc-400">{dateTime(e.createdAt)}</p>
                  <p>
                    <AuditSentence entry={e} />
                  </p>
                  {e.reason ? <p className="text-zinc-600 dark:text-zinc-400">Reason: {e.reason}</p> : null}
                  <RawDetails value={auditDetails(e)} />
                </li>
              ))}
            </ul>
          )
        }
      </PagedList>
    </div>
  );
}
