import { Ban } from 'lucide-react';
import { Link } from 'react-router';
import type { TConversation } from '#shared/chat/chat.schemas';
import { timeLabel } from '#shared/time-label';
import { cn } from '#client/lib/cn';
import { useNow } from '#client/lib/use-now';
import { PersonAvatar } from './person-avatar';

function preview(c: TConversation, meId: string): string {
  const m = c.lastMessage;
  if (!m) return 'No messages yet';
  const text = m.deleted
    ? m.body
    : m.body || (m.attachment ? (m.attachment.contentType === 'application/pdf' ? 'PDF' : 'Photo') : '');
  return m.senderId === meId ? `You: ${text}` : text;
}

/** The chat list (docs/product.md "Chat and video calls"): avatar, name, last message, its time label (docs/spec.md §9) and the unread count. */
export function ConversationList({
  conversations,
  activeId,
  meId,
}: {
  conversations: TConversation[];
  activeId?: string;
  meId: string;
}) {
  const now = useNow();
  if (conversations.length === 0) {
    return (
      <p className="p-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
        No conversations yet. Start one with “Message” on a member’s profile.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label="Conversations">
      {conversations.map((c) => (
        <li key={c.id}>
          <Link
            to={`/chat/${c.id}`}
            aria-current={c.id === activeId ? 'page' : undefined}
            data-testid="conversation-row"
            className={cn(
              'flex items-center gap-3 px-4 py-3 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 dark:hover:bg-zinc-800/60',
              c.id === activeId && 'bg-indigo-50 dark:bg-indigo-950/40',
            )}
          >
            <PersonAvatar name={c.other.fullName} url={c.other.avatarUrl} />
            <span className="min-w-0 flex-1">
              <span className="flex items-baseline gap-2">
                <span className="truncate font-medium">{c.other.fullName}</span>
                {c.lastMessage ? (
                  <span className="ml-auto shrink-0 text-xs text-zinc-500 dark:text-zinc-400">
                    {timeLabel(c.lastMessage.createdAt, now)}
                  </span>
                ) : null}
              </span>
              <span className="flex items-center gap-2">
                <span
                  className={cn(
                    'truncate text-sm',
                    c.unreadCount > 0
                      ? 'font-medium text-zinc-900 dark:text-zinc-100'
                      : 'text-zinc-600 dark:text-zinc-400',
                  )}
                >
                  {c.blocked ? <Ban aria-label="Blocked" className="mr-1 inline size-3.5" /> : null}
                  {preview(c, meId)}
                </span>
                {c.unreadCount > 0 ? (
                  <span
                    data-testid="conversation-unread"
                    aria-label={`${c.unreadCount} unread`}
                    className="ml-auto flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-indigo-600 px-1.5 text-xs font-semibold text-white"
                  >
                    {c.unreadCount}
                  </span>
                ) : null}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
