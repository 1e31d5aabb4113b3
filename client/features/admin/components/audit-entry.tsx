import { Link } from 'react-router';
import type { TAuditEntry } from '#shared/admin/admin.schemas';
import { auditSentence } from '#shared/admin/audit-sentence';

const linkClass = 'font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';

/** An audit entry in words, names linking to the member's admin page. */
export function AuditSentence({ entry }: { entry: TAuditEntry }) {
  return (
    <span>
      {auditSentence(entry).map((part, i) =>
        part.href ? (
          <Link key={i} to={part.href} className={linkClass}>
            {part.text}
          </Link>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </span>
  );
}

/** The raw record behind a sentence (action, target, before and after), for an admin who needs the ids. */
export function RawDetails({ value, label = 'Details', open }: { value: unknown; label?: string; open?: boolean }) {
  return (
    <details className="text-xs" open={open}>
      <summary className="cursor-pointer text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">
        {label}
      </summary>
      <pre className="mt-2 max-h-64 overflow-auto rounded-lg bg-zinc-50 p-3 whitespace-pre-wrap break-all dark:bg-zinc-950">
        {JSON.stringify(value, null, 2)}
      </pre>
    </details>
  );
}

/** What the Details toggle of an audit entry shows. */
export const auditDetails = (e: TAuditEntry) => ({
  action: e.action,
  target: e.targetType ? `${e.targetType}:${e.targetId ?? ''}` : null,
  actorId: e.actorId,
  before: e.before ?? null,
  after: e.after ?? null,
});
