import { useState } from 'react';
import { Button } from '#client/components/ui/button';

/** A new release waits: the member reloads when it suits them, never mid-task (decision 074). */
export function UpdatePrompt({ apply }: { apply: () => void }) {
  const [later, setLater] = useState(false);
  if (later) return null;
  return (
    <div
      data-testid="update-prompt"
      role="status"
      className="fixed inset-x-3 top-20 z-50 mx-auto flex max-w-md items-center gap-3 rounded-xl border border-zinc-200 bg-white p-3 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
    >
      <span className="grow text-zinc-900 dark:text-zinc-100">A new version is ready.</span>
      <Button size="sm" variant="ghost" onClick={() => setLater(true)}>
        Later
      </Button>
      <Button size="sm" onClick={apply}>
        Reload
      </Button>
    </div>
  );
}
