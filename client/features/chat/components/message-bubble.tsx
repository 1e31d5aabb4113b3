import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, CheckCheck, Clock, MoreHorizontal, Video } from 'lucide-react';
import { EDIT_WINDOW_MS, type TChatMessage } from '#shared/chat/chat.schemas';
import { cn } from '#client/lib/cn';
import { imageSources, useDataSaver } from '#client/lib/data-saver';
import { linkify } from '../linkify';
import { FileIcon, fileSize } from '#client/features/uploads';

/** queued: kept on the device until the network returns (decision 074), shown with a clock. */
export type ReceiptState = 'queued' | 'sending' | 'sent' | 'delivered' | 'read' | 'failed';

export interface MessageActions {
  onReply(m: TChatMessage): void;
  onEdit(m: TChatMessage): void;
  onDelete(m: TChatMessage): void;
  onReport(m: TChatMessage): void;
}

const time = (iso: string) => new Date(iso).toLocaleTimeString('en-NG', { hour: '2-digit', minute: '2-digit' });

function MessageText({ body }: { body: string }) {
  return (
    <p className="break-words whitespace-pre-wrap">
      {linkify(body).map((part, i) =>
        part.href ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="underline underline-offset-2"
          >
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

function Receipt({ state }: { state: ReceiptState }) {
  const label = {
    queued: 'Waiting for the network',
    sending: 'Sending',
    sent: 'Sent',
    delivered: 'Delivered',
    read: 'Read',
    failed: 'Not sent',
  }[state];
  const Icon = state === 'delivered' || state === 'read' ? CheckCheck : state === 'queued' ? Clock : Check;
  return (
    <span
      data-testid="receipt"
      data-state={state}
      title={label}
      className={cn('inline-flex items-center', state === 'read' && 'text-sky-300')}
    >
      {state === 'failed' ? (
        <span className="font-medium text-red-200">{label}</span>
      ) : (
        <Icon aria-label={label} className="size-3.5" />
      )}
    </span>
  );
}

/** A system line: a call's summary, centred and told apart from members' words. */
export function SystemLine({ message }: { message: TChatMessage }) {
  return (
    <li className="my-2 flex justify-center">
      <span className="inline-flex items-center gap-1.5 rounded-full bg-zinc-100 px-3 py-1 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
        <Video aria-hidden="true" className="size-3.5" />
        {message.body} · {time(message.createdAt)}
      </span>
    </li>
  );
}

export interface MessageBubbleProps {
  message: TChatMessage;
  mine: boolean;
  receipt?: ReceiptState;
  actions?: MessageActions;
  /** The thread's clock, for the 15 minutes an edit is allowed. */
  now?: Date;
}

export function MessageBubble({ message: m, mine, receipt, actions, now }: MessageBubbleProps) {
  const dataSaver = useDataSaver();
  const editable =
    mine && !m.deleted && now !== undefined && now.getTime() - new Date(m.createdAt).getTime() < EDIT_WINDOW_MS;
  const item =
    'cursor-pointer rounded-md px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800';
  return (
    <li
      data-testid="message"
      data-mine={mine}
      data-state={receipt}
      className={cn('group flex items-end gap-1', mine ? 'justify-end' : 'justify-start')}
    >
      {actions && !m.deleted ? (
        <DropdownMenu.Root>
          <DropdownMenu.Trigger
            aria-label="Message actions"
            className={cn(
              'inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-zinc-500 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-zinc-400 dark:hover:bg-zinc-800',
              mine ? 'order-first' : 'order-last',
            )}
          >
            <MoreHorizontal aria-hidden="true" className="size-4" />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align={mine ? 'end' : 'start'}
              sideOffset={4}
              className="z-50 min-w-36 rounded-lg border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
            >
              <DropdownMenu.Item className={item} onSelect={() => actions.onReply(m)}>
                Reply
              </DropdownMenu.Item>
              {editable ? (
                <DropdownMenu.Item className={item} onSelect={() => actions.onEdit(m)}>
                  Edit
                </DropdownMenu.Item>
              ) : null}
              {mine ? (
                <DropdownMenu.Item
                  className={cn(item, 'text-red-700 dark:text-red-400')}
                  onSelect={() => actions.onDelete(m)}
                >
                  Delete for everyone
                </DropdownMenu.Item>
              ) : null}
              {!mine ? (
                <DropdownMenu.Item className={item} onSelect={() => actions.onReport(m)}>
                  Report
                </DropdownMenu.Item>
              ) : null}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      ) : null}
      <div
        className={cn(
          'max-w-[80%] rounded-2xl px-3 py-2 text-sm shadow-sm sm:max-w-[65%]',
          mine
            ? 'rounded-br-md bg-indigo-600 text-white'
            : 'rounded-bl-md bg-white text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100',
          m.deleted && 'italic opacity-75',
        )}
      >
        {m.replyTo ? (
          <p
            className={cn(
              'mb-1 line-clamp-2 border-l-2 pl-2 text-xs',
              mine ? 'border-indigo-200 text-indigo-100' : 'border-indigo-400 text-zinc-600 dark:text-zinc-300',
            )}
          >
            {m.replyTo.body}
          </p>
        ) : null}
        {m.attachment && m.attachment.kind === 'image' ? (
          <a href={m.attachment.url} target="_blank" rel="noopener noreferrer" className="mb-1 block">
            <img
              {...imageSources(dataSaver, m.attachment.url, m.attachment.srcset, '(min-width: 640px) 320px, 70vw')}
              alt={m.attachment.name}
              loading="lazy"
              className="max-h-72 min-h-16 w-auto min-w-16 rounded-lg bg-zinc-200 object-cover dark:bg-zinc-700"
            />
          </a>
        ) : null}
        {m.attachment && m.attachment.kind !== 'image' ? (
          <a
            href={m.attachment.url}
            download={m.attachment.name}
            aria-label={`Download ${m.attachment.name}, ${fileSize(m.attachment.size)}`}
            className="mb-1 flex max-w-full min-w-0 items-center gap-2 rounded-lg bg-black/10 px-2 py-1.5 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-current"
          >
            <FileIcon file={m.attachment} className="size-6 shrink-0" />
            <span className="min-w-0">
              <span className="block truncate font-medium">{m.attachment.name}</span>
              <span className="block text-xs opacity-90">{fileSize(m.attachment.size)}</span>
            </span>
          </a>
        ) : null}
        {m.body ? <MessageText body={m.body} /> : null}
        <span
          className={cn(
            'mt-0.5 flex items-center justify-end gap-1 text-[0.6875rem]',
            mine ? 'text-indigo-100' : 'text-zinc-500 dark:text-zinc-400',
          )}
        >
          {m.editedAt && !m.deleted ? <span>edited</span> : null}
          <time dateTime={m.createdAt}>{time(m.createdAt)}</time>
          {mine && receipt ? <Receipt state={receipt} /> : null}
        </span>
      </div>
    </li>
  );
}
