import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
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
  ord: number;
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
  /** The recipient's ids after this send (after the batch's newest to them, in a batch). */
  delivered: { lastDeliveredId: number; lastReadId: number } | null;
}

/**
 * Half an emoji (a lone UTF-16 surrogate) becomes U+FFFD, as a text parameter would: in JSON it
 * is written as `\ud800`, which PostgreSQL refuses as jsonb, and the whole batch would fail.
 */
const wellFormed = (text: string) => (text as string & { toWellFormed(): string }).toWellFormed();

/**
 * Members' sends in one statement, in the order given (issue 12's bench; chat-batch.ts gathers
 * them). The conversations' rows are locked in id order, so two batches never wait on each other
 * in a circle and a conversation's ids commit in order. Each send is checked on its own: the
 * clientId's earlier message, blocks either way, the replied-to line; only the sends all allow
 * are numbered (in the given order) and inserted, then each conversation's newest id and, where
 * `deliver`, the recipient's delivered id move to the batch's newest. What stopped a send comes
 * back as its flags, for the service to turn into the same answers as a send on its own.
 */
export async function sendMessages(db: DbOrTx, sends: SendStatement[]): Promise<SendOutcome[]> {
  const input = JSON.stringify(
    sends.map((s, ord) => ({
      ord,
      conversation_id: s.conversationId,
      sender_id: s.senderId,
      body: wellFormed(s.body),
      client_id: s.clientId === null ? null : wellFormed(s.clientId),
      attachment_upload_id: s.attachmentUploadId,
      reply_to_id: s.replyToId,
      created_at: s.createdAt.toISOString(),
      deliver: s.deliver,
    })),
  );
  const result = await db.execute<SendRow>(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as t(ord int, conversation_id uuid, sender_id uuid, body text,
        client_id text, attachment_upload_id uuid, reply_to_id bigint, created_at timestamptz, deliver boolean)
    ),
    c as (
      select id, user_a, user_b from ${chatConversations}
      where id in (select conversation_id from input)
      order by id
      for update
    ),
    checked as (
      select i.*, c.user_a, c.user_b,
        exists (select 1 from ${chatBlocks} b where b.blocker_id = i.sender_id and b.blocked_id = o.other) as by_me,
        exists (select 1 from ${chatBlocks} b where b.blocker_id = o.other and b.blocked_id = i.sender_id) as by_other,
        i.reply_to_id is null
          or exists (select 1 from ${chatMessages} r where r.conversation_id = i.conversation_id and r.id = i.reply_to_id) as reply_ok,
        e.id as earlier_id, e.conversation_id as earlier_conversation_id, o.other
      from input i
      join c on c.id = i.conversation_id and i.sender_id in (c.user_a, c.user_b)
      cross join lateral (select case when c.user_a = i.sender_id then c.user_b else c.user_a end as other) o
      left join ${chatMessages} e on i.client_id is not null and e.sender_id = i.sender_id and e.client_id = i.client_id
    ),
    numbered as (
      select k.*, nextval(pg_get_serial_sequence('chat_messages', 'id')) as id
      from (select * from checked where not by_me and not by_other and reply_ok and earlier_id is null order by ord) k
    ),
    ins as (
      insert into ${chatMessages} (id, conversation_id, sender_id, body, client_id, attachment_upload_id, reply_to_id, created_at)
      overriding system value
      select id, conversation_id, sender_id, body, client_id, attachment_upload_id, reply_to_id, created_at from numbered
      on conflict do nothing
      returning id, conversation_id
    ),
    newest as (
      select conversation_id, max(id) as id from ins group by conversation_id
    ),
    moved as (
      update ${chatConversations} cv set last_message_id = newest.id from newest where cv.id = newest.conversation_id
    ),
    -- The inserted ids as one array: a join with ins would be a loop inside a loop, as the
    -- planner cannot know how many rows a CTE holds.
    inserted as (
      select coalesce(array_agg(id), '{}') as ids from ins
    ),
    reached as (
      select n.conversation_id, n.other, max(n.id) as id
      from numbered n, inserted
      where n.deliver and n.id = any(inserted.ids)
      group by n.conversation_id, n.other
    ),
    delivered as (
      update ${chatMembers} m set last_delivered_id = greatest(m.last_delivered_id, reached.id)
      from reached
      where m.conversation_id = reached.conversation_id and m.user_id = reached.other
      returning m.conversation_id, m.user_id, m.last_delivered_id, m.last_read_id
    ),
    receipts as (
      select coalesce(jsonb_object_agg(conversation_id::text || ' ' || user_id::text, jsonb_build_array(last_delivered_id::text, last_read_id::text)), '{}') as byKey
      from delivered
    )
    select i.ord, k.user_a, k.user_b, k.by_me, k.by_other, k.reply_ok,
      k.earlier_id::text as earlier_id, k.earlier_conversation_id, sent.id::text as id,
      sent.receipt ->> 0 as last_delivered_id, sent.receipt ->> 1 as last_read_id
    from input i
    left join checked k on k.ord = i.ord
    left join numbered n on n.ord = i.ord
    cross join receipts
    cross join inserted
    cross join lateral (
      select case when n.id = any(inserted.ids) then n.id end as id,
        case when n.deliver and n.id = any(inserted.ids) then receipts.byKey -> (n.conversation_id::text || ' ' || n.other::text) end as receipt
    ) sent
    order by i.ord`);
  const rows = (Array.isArray(result) ? result : (result as { rows: SendRow[] }).rows) as SendRow[];
  return rows.map((row) => ({
    members: row.user_a && row.user_b ? { userA: row.user_a, userB: row.user_b } : null,
    blocked: Boolean(row.by_me || row.by_other),
    replyOk: Boolean(row.reply_ok),
    earlier: row.earlier_id ? { id: Number(row.earlier_id), conversationId: row.earlier_conversation_id! } : null,
    id: row.id ? Number(row.id) : null,
    delivered: row.last_delivered_id
      ? { lastDeliveredId: Number(row.last_delivered_id), lastReadId: Number(row.last_read_id) }
      : null,
  }));
}

/** One send: the batch statement with one row. */
export async function sendMessage(db: DbOrTx, s: SendStatement): Promise<SendOutcome> {
  return (await sendMessages(db, [s]))[0]!;
}
