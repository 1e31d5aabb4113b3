import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { TChatMessage, TConversation } from '#shared/chat/chat.schemas';
import { Button } from '#client/components/ui/button';
import { Spinner } from '#client/components/ui/spinner';
import { toast } from '#client/lib/toast';
import { useNow } from '#client/lib/use-now';
import { markRead, useDeleteMessage, useEditMessage } from '../api/chat-mutations';
import { chatUnreadKey, conversationsKey, useMessages } from '../api/chat-queries';
import { useChatLive } from '../hooks/use-chat-live';
import { Composer } from './composer';
import { MessageBubble, SystemLine, type MessageActions, type ReceiptState } from './message-bubble';
import { ReportDialog } from './report-dialog';
import { SearchPanel } from './search-panel';
import { ThreadHeader } from './thread-header';
import { useSends } from './use-sends';

const idNum = (id: string | undefined) => Number(id ?? 0);

/** One conversation: its header, its history (newest at the bottom, older on demand), and the message box. */
export function Thread({
  conversation: c,
  meId,
  showBack,
}: {
  conversation: TConversation;
  meId: string;
  showBack: boolean;
}) {
  const client = useQueryClient();
  const history = useMessages(c.id);
  const live = useChatLive(c.id, c.other.id);
  const sends = useSends(c.id, meId);
  const edit = useEditMessage(c.id);
  const remove = useDeleteMessage(c.id);
  const [replyTo, setReplyTo] = useState<TChatMessage | null>(null);
  const [editing, setEditing] = useState<TChatMessage | null>(null);
  const [reporting, setReporting] = useState<TChatMessage | null>(null);
  const [searching, setSearching] = useState(false);
  const readSent = useRef('0');
  const now = useNow(30_000);

  const messages = (history.data?.pages ?? []).flatMap((p) => p.messages);
  const ordered = [...messages].reverse();
  const stored = new Set(messages.map((m) => m.clientId).filter(Boolean));
  const pending = sends.pending.filter((p) => !stored.has(p.clientId));
  const readId = Math.max(idNum(live.receipts?.lastReadId), idNum(c.otherLastReadId));
  const deliveredId = Math.max(idNum(live.receipts?.lastDeliveredId), idNum(c.otherLastDeliveredId), readId);
  const receiptOf = (m: TChatMessage): ReceiptState =>
    idNum(m.id) <= readId ? 'read' : idNum(m.id) <= deliveredId ? 'delivered' : 'sent';
  const newestTheirs = messages.find((m) => m.senderId !== meId)?.id;

  // Reading: the newest line from the other side, once the page is in view.
  useEffect(() => {
    const mark = () => {
      if (!newestTheirs || document.visibilityState !== 'visible' || idNum(newestTheirs) <= idNum(readSent.current))
        return;
      readSent.current = newestTheirs;
      void markRead(c.id, newestTheirs)
        .then(() => {
          void client.invalidateQueries({ queryKey: chatUnreadKey });
          void client.invalidateQueries({ queryKey: conversationsKey });
        })
        .catch(() => undefined);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [c.id, client, newestTheirs]);

  const actions: MessageActions = {
    onReply: (m) => {
      setEditing(null);
      setReplyTo(m);
    },
    onEdit: (m) => {
      setReplyTo(null);
      setEditing(m);
    },
    onDelete: (m) => remove.mutate(m.id, { onError: (err) => toast({ title: err.message, variant: 'destructive' }) }),
    onReport: setReporting,
  };

  return (
    <section aria-label={`Conversation with ${c.other.fullName}`} className="flex h-full min-h-0 flex-col">
      <ThreadHeader
        conversation={c}
        typing={live.typing}
        showBack={showBack}
        onSearch={() => setSearching((s) => !s)}
      />
      {searching ? <SearchPanel conversationId={c.id} meId={meId} onClose={() => setSearching(false)} /> : null}
      {/* Reversed so the browser keeps the newest line in view as lines arrive. */}
      <div
        className="flex min-h-0 flex-1 flex-col-reverse overflow-y-auto bg-zinc-50 px-3 py-3 dark:bg-zinc-950"
        data-testid="message-scroller"
      >
        <ol className="flex flex-col gap-1.5" aria-label="Messages">
          {history.hasNextPage ? (
            <li className="mb-2 flex justify-center">
              <Button
                variant="outline"
                size="sm"
                loading={history.isFetchingNextPage}
                onClick={() => void history.fetchNextPage()}
              >
                Load older messages
              </Button>
            </li>
          ) : null}
          {history.isPending ? (
            <li className="flex justify-center py-6">
              <Spinner />
            </li>
          ) : null}
          {ordered.map((m) =>
            m.kind !== 'text' ? (
              <SystemLine key={m.id} message={m} />
            ) : (
              <MessageBubble
                key={m.id}
                message={m}
                mine={m.senderId === meId}
                receipt={m.senderId === meId ? receiptOf(m) : undefined}
                actions={c.blocked ? undefined : actions}
                now={now}
              />
            ),
          )}
          {pending.map((p) => (
            <li key={p.clientId} className="flex flex-col items-end gap-1">
              <MessageBubble
                message={{
                  id: p.clientId,
                  conversationId: c.id,
                  senderId: meId,
                  kind: 'text',
                  body: p.body,
                  clientId: p.clientId,
                  attachment: p.attachment ?? null,
                  replyTo: null,
                  createdAt: now.toISOString(),
                  editedAt: null,
                  deleted: false,
                }}
                mine
                receipt={p.state}
              />
              {p.state === 'failed' ? (
                <span className="flex flex-wrap items-center justify-end gap-2 text-xs">
                  <span role="alert" data-testid="send-refused" className="text-red-700 dark:text-red-400">
                    {p.refused}
                  </span>
                  <Button variant="link" size="sm" onClick={() => sends.retry(p)}>
                    Retry
                  </Button>
                  <Button variant="link" size="sm" onClick={() => sends.discard(p)}>
                    Discard
                  </Button>
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      </div>
      {c.blocked ? (
        <p
          className="border-t border-zinc-200 bg-white p-4 text-center text-sm text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400"
          data-testid="blocked-note"
        >
          {c.blockedByMe
            ? 'You blocked this member. Unblock them to send a message.'
            : 'You can no longer message this member.'}
        </p>
      ) : (
        <Composer
          key={editing?.id ?? 'new'}
          replyTo={replyTo}
          editing={editing}
          onCancel={() => {
            setReplyTo(null);
            setEditing(null);
          }}
          onTyping={live.sayTyping}
          onSend={(body, attachment) => {
            sends.send(body, attachment, replyTo);
            setReplyTo(null);
          }}
          onSaveEdit={(m, body) =>
            edit.mutate(
              { id: m.id, body },
              {
                onSuccess: () => setEditing(null),
                onError: (err) => toast({ title: err.message, variant: 'destructive' }),
              },
            )
          }
        />
      )}
      <ReportDialog
        target={reporting ? { kind: 'message', id: reporting.id, label: 'this message' } : null}
        onClose={() => setReporting(null)}
      />
    </section>
  );
}
