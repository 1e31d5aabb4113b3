import { formatDateTime } from '#client/lib/format-date';
import { zodResolver } from '@hookform/resolvers/zod';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZMessagesQuery, type TChatMessage } from '#shared/chat/chat.schemas';
import { Input } from '#client/components/ui/input';
import { Button } from '#client/components/ui/button';
import { searchMessages } from '../api/chat-queries';

/** The route's query text, required here: a blank search is not sent (and says nothing, as before). */
const ZSearchForm = z.object({ q: ZMessagesQuery.shape.q.unwrap() });

/** Search within this conversation: the matching lines, newest first. */
export function SearchPanel({
  conversationId,
  meId,
  onClose,
}: {
  conversationId: string;
  meId: string;
  onClose(): void;
}) {
  const [results, setResults] = useState<TChatMessage[] | null>(null);
  const { register, handleSubmit, formState } = useForm<
    z.input<typeof ZSearchForm>,
    unknown,
    z.output<typeof ZSearchForm>
  >({
    resolver: zodResolver(ZSearchForm),
    defaultValues: { q: '' },
  });
  const id = useId();
  const run = handleSubmit(async ({ q }) => setResults((await searchMessages(conversationId, q)).messages));
  return (
    <div className="border-b border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900">
      <form onSubmit={(e) => void run(e)} noValidate className="flex items-center gap-2" role="search">
        <label htmlFor={id} className="sr-only">
          Search messages
        </label>
        <Input id={id} type="search" placeholder="Search messages" {...register('q')} autoFocus />
        <Button type="submit" size="sm" loading={formState.isSubmitting}>
          Search
        </Button>
        <Button variant="ghost" size="icon" aria-label="Close search" onClick={onClose}>
          <X aria-hidden="true" className="size-4" />
        </Button>
      </form>
      {results ? (
        <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto text-sm" aria-label="Search results">
          {results.length === 0 ? <li className="text-zinc-600 dark:text-zinc-400">No messages match.</li> : null}
          {results.map((m) => (
            <li key={m.id} className="rounded-md bg-zinc-50 px-2 py-1 dark:bg-zinc-800">
              <span className="font-medium">{m.senderId === meId ? 'You' : 'Them'}:</span> {m.body}{' '}
              <time className="text-xs text-zinc-500 dark:text-zinc-400" dateTime={m.createdAt}>
                {formatDateTime(m.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
