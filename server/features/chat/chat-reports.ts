import type { Db } from '#server/db/client';
import type { AccountsService } from '../accounts';
import type { ReportKind } from '../reports';
import { chatRepo } from './chat.repo';

/** Lines before the reported message kept as evidence: enough to read it in its context. */
const EXCERPT_LINES = 10;

/**
 * 'message': only a member of its conversation may report it; the excerpt is the conversation's
 * last lines up to that message, as they read then (an edit or delete later hides nothing).
 */
export function messageReportKind(db: Db): ReportKind {
  return {
    kind: 'message',
    async excerpt(reporter, targetId, tx = db) {
      if (!/^\d{1,18}$/.test(targetId)) return undefined;
      const message = await chatRepo.messageById(tx, Number(targetId));
      if (!message || !(await chatRepo.forMember(tx, message.conversationId, reporter.id))) return undefined;
      const lines = await chatRepo.lastLines(tx, message.conversationId, message.id, EXCERPT_LINES);
      return {
        conversationId: message.conversationId,
        reportedSenderId: message.senderId,
        lines: lines.reverse().map((m) => ({
          id: String(m.id),
          senderId: m.senderId,
          body: m.body,
          deleted: m.deletedAt !== null,
          createdAt: m.createdAt.toISOString(),
        })),
      };
    },
  };
}

/** 'member': anyone the reporter can see; the excerpt is how they showed at report time. */
export function memberReportKind(accounts: AccountsService): ReportKind {
  return {
    kind: 'member',
    async excerpt(reporter, targetId, tx) {
      if (!/^[0-9a-f-]{36}$/i.test(targetId) || targetId === reporter.id) return undefined;
      const person = await accounts.person(targetId, { id: reporter.id, role: reporter.role }, tx);
      return person && person.username !== '' ? { person } : undefined;
    },
  };
}
