import type { DbOrTx } from '#server/db/client';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TReportKind, TReportThread } from '#shared/reports/reports.schemas';

/**
 * How one kind of report finds its target: the evidence to keep (what it said at report time),
 * or undefined when the reporter cannot see such a thing, which answers 404 like a bad id.
 * Each area contributes its kinds from its module (`reportKinds`: chat's 'message' and 'member', courses' lesson Q&A).
 */
export interface ReportKind {
  kind: TReportKind;
  excerpt(reporter: TUser, targetId: string, tx: DbOrTx): Promise<unknown | undefined>;
  /**
   * The conversation around the target, as it reads now, kept beside the excerpt (chat's kinds):
   * null when there is none, or when `conversationId` is not one the reporter shares with it.
   */
  thread?(
    reporter: TUser,
    targetId: string,
    conversationId: string | undefined,
    tx: DbOrTx,
  ): Promise<TReportThread | null>;
}
