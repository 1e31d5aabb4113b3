import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';

/**
 * Asks before leaving a form with unsaved changes: in-app navigation gets our dialog, closing
 * or reloading the tab gets the browser's own question. Query-string changes on the same page
 * (the builder's steps) are not leaving.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title="Leave without saving?"
      description={<p>Your changes to the course details have not been saved.</p>}
      cancelText="Stay"
      confirmText="Leave"
      confirmVariant="destructive"
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
