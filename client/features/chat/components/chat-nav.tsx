import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '#client/components/ui/button';
import { cn } from '#client/lib/cn';
import { useChatUnread } from '../api/chat-queries';

const badgeText = (n: number) => (n > 9 ? '9+' : String(n));
const label = (n: number) => (n > 0 ? `Chat, ${n} unread` : 'Chat');

/** The header's Chat entry: an icon with the total unread badge. */
export function ChatHeaderLink() {
  const { data: unread = 0 } = useChatUnread();
  return (
    <Link
      to="/chat"
      aria-label={label(unread)}
      data-testid="chat-link"
      className={buttonClasses('ghost', 'icon', 'relative')}
    >
      <MessagesSquare aria-hidden="true" className="size-5" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="chat-badge"
          className="absolute top-0.5 right-0 flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-none font-semibold text-white ring-2 ring-white dark:ring-zinc-900"
        >
          {badgeText(unread)}
        </span>
      ) : null}
    </Link>
  );
}

/** The side menu's Chat entry, with the same badge. */
export function ChatMenuLink({ onNavigate, className }: { onNavigate?: () => void; className?: string }) {
  const { data: unread = 0 } = useChatUnread();
  return (
    <Link
      to="/chat"
      onClick={onNavigate}
      aria-label={label(unread)}
      className={cn(
        'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
        className,
      )}
    >
      <MessagesSquare aria-hidden="true" className="size-5" />
      Chat
      {unread > 0 ? (
        <span className="ml-auto rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
          {badgeText(unread)}
        </span>
      ) : null}
    </Link>
  );
}
