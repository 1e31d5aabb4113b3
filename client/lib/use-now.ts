import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`, so relative labels ("2h ago") do not go stale. */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
