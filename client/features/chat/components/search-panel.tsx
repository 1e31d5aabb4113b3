import { X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { TChatMessage } from '#shared/chat/chat.schemas';
import { Input } from '#client/components/ui/input';
import { Button } from '#client/components/ui/button';
import { searchMessages } from '../api/chat-queries';

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
  const [q, setQ] = useState('');
  const [results, setResults] = useState<TChatMessage[] | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  async function run(event: FormEvent) {
    event.preventDefault();
    if (!q.trim()) return;
    setBusy(true);
    try {
      setResults((await searchMessages(conversationId, q.trim())).messages);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="border-b border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900">
      <form onSubmit={(e) => void run(e)} className="flex items-center gap-2" role="search">
        <label htmlFor={id} className="sr-only">
          Search messages
        </label>
        <Input
          id={id}
          type="search"
          placeholder="Search messages"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          autoFocus
        />
        <Button type="submit" size="sm" loading={busy}>
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
                {new Date(m.createdAt).toLocaleString('en-NG')}
              </time>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
