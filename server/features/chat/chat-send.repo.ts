import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chatBlocks, chatConversations, chatMembers, chatMessages } from './chat.table';

export interface SendStatement {
  conversationId: string;
  senderId: string;
  body: string;
  clientId: string | null;
  attachmentUploadId: string | null;
  replyToId: number | null;
  createdAt: Date;
  /** The recipient is online: their delivered id moves to the new message. */
  deliver: boolean;
}

type SendRow = {
  user_a: string | null;
  user_b: string | null;
  by_me: boolean | null;
  by_other: boolean | null;
  reply_ok: boolean | null;
  earlier_id: string | null;
  earlier_conversation_id: string | null;
  id: string | null;
  last_delivered_id: string | null;
  last_read_id: string | null;
};

export interface SendOutcome {
  /** Null when the sender is not a member (or there is no such conversation). */
  members: { userA: string; userB: string } | null;
  blocked: boolean;
  replyOk: boolean;
  /** The message this sender's clientId already made, seen before the statement. */
  earlier: { id: number; conversationId: string } | null;
  /** The new message's id; null when something above stopped it, or a concurrent retry won. */
  id: number | null;
  delivered: { lastDeliveredId: number; lastReadId: number } | null;
}

/**
 * A member's send in one statement (issue 12's bench): the conversation row locked for the
 * insert (ids commit in the order they are given), the clientId's earlier message, blocks
 * either way, the replied-to line, then, only if all allow it, the insert, the conversation's
 * newest id and the recipient's delivered id (`deliver`, when they are online). What stopped
 * it comes back as flags, for the service to turn into the same answers as before.
 */
export async function sendMessage(db: DbOrTx, s: SendStatement): Promise<SendOutcome> {
  const replyToId = s.replyToId === null ? null : String(s.replyToId);
  const result = await db.execute<SendRow>(sql`
    with c as (
      select id, user_a, user_b, case when user_a = ${s.senderId} then user_b else user_a end as other
      from ${chatConversations} where id = ${s.conversationId} and (user_a = ${s.senderId} or user_b = ${s.senderId})
      for update
    ),
    earlier as (
      select id, conversation_id from ${chatMessages}
      where ${s.clientId}::text is not null and sender_id = ${s.senderId} and client_id = ${s.clientId}::text
    ),
    blocks as (
      select coalesce(bool_or(b.blocker_id = ${s.senderId}), false) as by_me, coalesce(bool_or(b.blocker_id <> ${s.senderId}), false) as by_other
      from ${chatBlocks} b, c
      where (b.blocker_id = ${s.senderId} and b.blocked_id = c.other) or (b.blocker_id = c.other and b.blocked_id = ${s.senderId})
    ),
    reply as (
      select ${replyToId}::bigint is null
        or exists (select 1 from ${chatMessages} r where r.conversation_id = ${s.conversationId} and r.id = ${replyToId}::bigint) as ok
    ),
    ins as (
      insert into ${chatMessages} (conversation_id, sender_id, body, client_id, attachment_upload_id, reply_to_id, created_at)
      select c.id, ${s.senderId}::uuid, ${s.body}::text, ${s.clientId}::text, ${s.attachmentUploadId}::uuid, ${replyToId}::bigint, ${s.createdAt.toISOString()}::timestamptz
      from c, blocks, reply
      where not blocks.by_me and not blocks.by_other and reply.ok and not exists (select 1 from earlier)
      on conflict do nothing
      returning id, conversation_id
    ),
    newest as (
      update ${chatConversations} set last_message_id = ins.id from ins where ${chatConversations}.id = ins.conversation_id
    ),
    delivered as (
      update ${chatMembers} m set last_delivered_id = greatest(m.last_delivered_id, ins.id)
      from ins, c
      where ${s.deliver}::boolean and m.conversation_id = ins.conversation_id and m.user_id = c.other
      returning m.last_delivered_id, m.last_read_id
    )
    select c.user_a, c.user_b, blocks.by_me, blocks.by_other, reply.ok as reply_ok,
      earlier.id::text as earlier_id, earlier.conversation_id as earlier_conversation_id, ins.id::text as id,
      delivered.last_delivered_id::text as last_delivered_id, delivered.last_read_id::text as last_read_id
    from (select 1) one
    left join c on true left join blocks on true left join reply on true
    left join earlier on true left join ins on true left join delivered on true`);
  const row = (Array.isArray(result) ? result : (result as { rows: SendRow[] }).rows)[0] as SendRow;
  return {
    members: row.user_a && row.user_b ? { userA: row.user_a, userB: row.user_b } : null,
    blocked: Boolean(row.by_me || row.by_other),
    replyOk: Boolean(row.reply_ok),
    earlier: row.earlier_id ? { id: Number(row.earlier_id), conversationId: row.earlier_conversation_id! } : null,
    id: row.id ? Number(row.id) : null,
    delivered: row.last_delivered_id ? { lastDeliveredId: Number(row.last_delivered_id), lastReadId: Number(row.last_read_id) } : null,
  };
}
