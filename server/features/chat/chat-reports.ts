import type { Db, DbOrTx } from '#server/db/client';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TReportThread } from '#shared/reports/reports.schemas';
import type { AccountsService } from '../accounts';
import type { ReportKind } from '../reports';
import { chatRepo, type ConversationRow, type MessageRow } from './chat.repo';

/** Lines kept on each side of a reported message; a short side lends its room to the other. */
export const THREAD_SIDE = 10;
/** Lines kept when a member is reported from a conversation: its latest. */
export const THREAD_LAST = 20;
const SYSTEM_SENDER = 'System';

/**
 * The evidence window, from lines sorted oldest first: up to `side` before the reported message
 * and `side` after it, a short side's room going to the other (a message near the end keeps
 * more of what led to it); without a reported message, the last `2 * side`.
 */
export function pickThread<T extends { id: number }>(lines: T[], reportedId: number | null, side = THREAD_SIDE): T[] {
  const total = 2 * side;
  const at = reportedId === null ? -1 : lines.findIndex((l) => l.id === reportedId);
  if (at < 0) return lines.slice(-total);
  const after = Math.min(lines.length - at - 1, side + Math.max(0, side - at));
  const before = Math.min(at, total - after);
  return lines.slice(at - before, at + after + 1);
}

/**
 * The thread as admins read it, with the senders' names as they are now: admins see hidden
 * members' names (person.ts), so the reporter's view is widened to theirs.
 */
async function snapshot(
  accounts: AccountsService,
  reporter: TUser,
  c: ConversationRow,
  lines: MessageRow[],
  reportedId: number | null,
  tx: DbOrTx,
): Promise<TReportThread> {
  const names = new Map<string, string>();
  for (const id of [c.userA, c.userB]) {
    const person = await accounts.person(id, { id: reporter.id, role: 'admin' }, tx);
    names.set(id, person?.fullName || person?.username || 'Former member');
  }
  return {
    conversationId: c.id,
    reportedMessageId: reportedId === null ? null : String(reportedId),
    lines: lines.map((m) => ({
      id: String(m.id),
      senderId: m.senderId,
      senderName: m.senderId ? (names.get(m.senderId) ?? 'Former member') : SYSTEM_SENDER,
      body: m.deletedAt ? '' : m.body,
      deleted: m.deletedAt !== null,
      attachment: m.attachmentUploadId !== null,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

const isMessageId = (id: string) => /^\d{1,18}$/.test(id);

/** A message the reporter can see: one of a conversation they are a member of. */
async function visibleMessage(tx: DbOrTx, reporter: TUser, targetId: string) {
  if (!isMessageId(targetId)) return undefined;
  const message = await chatRepo.messageById(tx, Number(targetId));
  if (!message) return undefined;
  const c = await chatRepo.forMember(tx, message.conversationId, reporter.id);
  return c && { message, c };
}

/**
 * 'message': only a member of its conversation may report it. The excerpt names its sender; the
 * thread keeps the lines around it as they read then (an edit or delete later hides nothing).
 */
export function messageReportKind(db: Db, accounts: AccountsService): ReportKind {
  return {
    kind: 'message',
    async excerpt(reporter, targetId, tx = db) {
      const found = await visibleMessage(tx, reporter, targetId);
      return found && { conversationId: found.c.id, reportedSenderId: found.message.senderId };
    },
    async thread(reporter, targetId, _conversationId, tx = db) {
      const found = await visibleMessage(tx, reporter, targetId);
      if (!found) return null;
      const around = await chatRepo.linesAround(tx, found.c.id, found.message.id, 2 * THREAD_SIDE);
      const lines = pickThread(around, found.message.id);
      return snapshot(accounts, reporter, found.c, lines, found.message.id, tx);
    },
  };
}

/**
 * 'member': anyone the reporter can see; the excerpt is how they showed at report time. Reported
 * from the conversation the two share, the thread keeps its latest lines.
 */
export function memberReportKind(db: Db, accounts: AccountsService): ReportKind {
  return {
    kind: 'member',
    async excerpt(reporter, targetId, tx) {
      if (!/^[0-9a-f-]{36}$/i.test(targetId) || targetId === reporter.id) return undefined;
      const person = await accounts.person(targetId, { id: reporter.id, role: reporter.role }, tx);
      return person && person.username !== '' ? { person } : undefined;
    },
    async thread(reporter, targetId, conversationId, tx = db) {
      if (!conversationId) return null;
      const c = await chatRepo.forMember(tx, conversationId, reporter.id);
      if (!c || (c.userA !== targetId && c.userB !== targetId) || c.lastMessageId === null) return null;
      const lines = await chatRepo.linesAround(tx, c.id, c.lastMessageId, THREAD_LAST);
      return snapshot(accounts, reporter, c, pickThread(lines, null), null, tx);
    },
  };
}
