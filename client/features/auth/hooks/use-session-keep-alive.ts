import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { userQueryKey } from '#client/features/accounts';
import { extendSession } from '../api/extend-session';
import { createSessionTimer } from './session-timer';

/** Survives the guard unmounting (a visit to /terms), so the count is not restarted by it. */
let sessionFreshAt: number | undefined;

/** A login or an extension in this page starts a fresh 360 minutes; the keep-alive counts from it. */
export function markSessionStarted(at = Date.now()) {
  sessionFreshAt = at;
}

/** docs/spec.md §2 and §9: protected pages keep the session alive while the person is active. */
export function useSessionKeepAlive(userId: string | undefined) {
  const client = useQueryClient();

  useEffect(() => {
    if (!userId) return;
    const timer = createSessionTimer({
      freshAt: sessionFreshAt,
      extend: () =>
        extendSession().then(
          () => markSessionStarted(),
          (err: unknown) => {
            if (isApiError(err, 401)) void client.invalidateQueries({ queryKey: userQueryKey });
            throw err;
          },
        ),
      onWarning: () =>
        toast({
          title: 'Session Expiring Soon',
          description:
            'Your session will expire in 30 minutes. Please save your work and refresh the page to extend your session.',
        }),
    });

    const onActivity = () => timer.activity();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') timer.activity();
    };
    const passive = { passive: true, capture: true } as const;
    window.addEventListener('pointerdown', onActivity, passive);
    window.addEventListener('keydown', onActivity, passive);
    window.addEventListener('scroll', onActivity, passive);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      timer.dispose();
      window.removeEventListener('pointerdown', onActivity, passive);
      window.removeEventListener('keydown', onActivity, passive);
      window.removeEventListener('scroll', onActivity, passive);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [userId, client]);
}
