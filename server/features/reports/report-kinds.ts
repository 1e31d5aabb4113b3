import type { DbOrTx } from '#server/db/client';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TReportKind } from '#shared/reports/reports.schemas';

/**
 * How one kind of report finds its target: the evidence to keep (what it said at report time),
 * or undefined when the reporter cannot see such a thing, which answers 404 like a bad id.
 * Each area contributes its kinds from its module (`reportKinds`: chat's 'message' and 'member', courses' lesson Q&A).
 */
export interface ReportKind {
  kind: TReportKind;
  excerpt(reporter: TUser, targetId: string, tx: DbOrTx): Promise<unknown | undefined>;
}
