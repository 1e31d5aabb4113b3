import { MessagesSquare } from 'lucide-react';
import { useParams } from 'react-router';
import { DocumentTitle } from '#client/components/document-title';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { StateCard } from '#client/components/state-card';
import { Spinner } from '#client/components/ui/spinner';
import { cn } from '#client/lib/cn';
import { minWidth, useMediaQuery } from '#client/lib/use-media-query';
import { useUser } from '#client/features/accounts';
import { useConversations } from '../api/chat-queries';
import { ConversationList } from './conversation-list';
import { Thread } from './thread';

/**
 * /chat and /chat/:conversationId. Wide screens show the list beside the open conversation;
 * phones show one at a time, the thread with a Back link to the list.
 */
export function ChatPage() {
  const { conversationId } = useParams();
  const wide = useMediaQuery(minWidth(768));
  const { data: user } = useUser();
  const list = useConversations();
  const open = list.data?.find((c) => c.id === conversationId);
  const showList = wide || !conversationId;
  const showThread = wide || Boolean(conversationId);

  if (list.isError)
    return <LoadFailedCard what="your conversations" onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  return (
    <div className="flex h-[calc(100dvh-12rem)] min-h-[24rem] overflow-hidden rounded-2xl border border-zinc-200 bg-white md:h-[calc(100dvh-8rem)] dark:border-zinc-800 dark:bg-zinc-900">
      <DocumentTitle title={open ? `Chat with ${open.other.fullName}` : 'Chat'} />
      {showList ? (
        <nav
          aria-label="Conversations"
          className={cn(
            'flex min-h-0 flex-col',
            wide ? 'w-80 shrink-0 border-r border-zinc-200 dark:border-zinc-800' : 'w-full',
          )}
        >
          <h1 className="border-b border-zinc-200 px-4 py-3 text-lg font-semibold dark:border-zinc-800">Chat</h1>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {list.isPending ? (
              <div className="flex justify-center p-6">
                <Spinner />
              </div>
            ) : (
              <ConversationList conversations={list.data ?? []} activeId={conversationId} meId={user?.id ?? ''} />
            )}
          </div>
        </nav>
      ) : null}
      {showThread ? (
        <div className="min-w-0 flex-1">
          {open && user ? (
            <Thread key={open.id} conversation={open} meId={user.id} showBack={!wide} />
          ) : conversationId && !list.isPending ? (
            <div className="p-6">
              <StateCard icon={MessagesSquare} title="Conversation not found">
                This conversation does not exist or is not yours.
              </StateCard>
            </div>
          ) : (
            <div className="flex h-full items-center justify-center p-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
              {list.isPending ? <Spinner /> : 'Choose a conversation to read it here.'}
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
}
