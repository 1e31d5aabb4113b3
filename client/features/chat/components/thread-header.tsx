import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ArrowLeft, MoreVertical, Phone, Search } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CONTEXT_KINDS, type TConversation } from '#shared/chat/chat.schemas';
import { Button, buttonClasses } from '#client/components/ui/button';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { toast } from '#client/lib/toast';
import { startCall, useBlock } from '../api/chat-mutations';
import { PersonAvatar } from './person-avatar';
import { ReportDialog } from './report-dialog';

const item =
  'cursor-pointer rounded-md px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800';

/** Who the conversation is with, what it started from, typing, and its actions (call, search, block, report). */
export function ThreadHeader({
  conversation: c,
  typing,
  showBack,
  onSearch,
}: {
  conversation: TConversation;
  typing: boolean;
  showBack: boolean;
  onSearch(): void;
}) {
  const navigate = useNavigate();
  const block = useBlock();
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [calling, setCalling] = useState(false);
  const context = c.context ? CONTEXT_KINDS[c.context.kind] : null;

  // The video area's POST /api/calls answers the call room; the call page takes it from there.
  async function call() {
    setCalling(true);
    try {
      const { room } = await startCall(c.id);
      void navigate(`/video-call?room=${encodeURIComponent(room)}`);
    } catch (err) {
      toast({ title: err instanceof Error ? err.message : 'Could not start the call.', variant: 'destructive' });
    } finally {
      setCalling(false);
    }
  }

  return (
    <div className="flex items-center gap-2 border-b border-zinc-200 bg-white px-3 py-2 dark:border-zinc-800 dark:bg-zinc-900">
      {showBack ? (
        <Link to="/chat" aria-label="Back to conversations" className={buttonClasses('ghost', 'icon', '-ml-1')}>
          <ArrowLeft aria-hidden="true" className="size-5" />
        </Link>
      ) : null}
      <PersonAvatar name={c.other.fullName} url={c.other.avatarUrl} className="size-9" />
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold">
          {c.other.username ? (
            <Link to={`/u/${encodeURIComponent(c.other.username)}`} className="hover:underline">
              {c.other.fullName}
            </Link>
          ) : (
            c.other.fullName
          )}
        </h2>
        <p className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400" aria-live="polite">
          {typing ? <span data-testid="typing">typing…</span> : null}
          {!typing && context && c.context ? (
            <Link
              to={context.href(c.context.id)}
              data-testid="context-chip"
              className="rounded-full bg-zinc-100 px-2 py-0.5 whitespace-nowrap hover:underline dark:bg-zinc-800"
            >
              From: {context.label}
            </Link>
          ) : null}
        </p>
      </div>
      {/* On phones search moves into the menu, leaving the name room. */}
      <span className="hidden sm:block">
        <Button variant="ghost" size="icon" aria-label="Search this conversation" onClick={onSearch}>
          <Search aria-hidden="true" className="size-5" />
        </Button>
      </span>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Video call"
        data-testid="call-button"
        disabled={c.blocked}
        loading={calling}
        onClick={() => void call()}
      >
        <Phone aria-hidden="true" className="size-5" />
      </Button>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger aria-label="Conversation actions" className={buttonClasses('ghost', 'icon')}>
          <MoreVertical aria-hidden="true" className="size-5" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-40 rounded-lg border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
          >
            <DropdownMenu.Item className={`${item} sm:hidden`} onSelect={onSearch}>
              Search messages
            </DropdownMenu.Item>
            {c.blockedByMe ? (
              <DropdownMenu.Item className={item} onSelect={() => block.mutate({ userId: c.other.id, block: false })}>
                Unblock
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item className={item} onSelect={() => setConfirmBlock(true)}>
                Block
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item className={item} onSelect={() => setReporting(true)}>
              Report member
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={confirmBlock}
        onOpenChange={setConfirmBlock}
        title={`Block ${c.other.fullName}?`}
        description="They will no longer be able to message or call you. You keep this conversation's history."
        confirmText="Block"
        confirmVariant="destructive"
        loading={block.isPending}
        onConfirm={() => block.mutate({ userId: c.other.id, block: true }, { onSuccess: () => setConfirmBlock(false) })}
      />
      <ReportDialog
        target={reporting ? { kind: 'member', id: c.other.id, label: c.other.fullName, conversationId: c.id } : null}
        onClose={() => setReporting(false)}
      />
    </div>
  );
}
