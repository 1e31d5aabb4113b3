import { useState } from 'react';

function focusedElement(): HTMLElement | null {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * Radix's modal Dialog hands focus back to its Dialog.Trigger when it closes. Our dialogs are
 * opened by ordinary buttons that set `open`, often far from the dialog in the tree, so without
 * this focus falls to <body> and a keyboard user starts again from the top of the page.
 *
 * Remembers the element that had focus as `open` turned true (read while rendering, before the
 * dialog or an autoFocus field inside it takes focus) and returns the handler for
 * Dialog.Content's `onCloseAutoFocus`. When the opener has left the page by then, focus stays
 * where Radix leaves it, for the caller to place (after a request that removed the button).
 */
export function useReturnFocus(open: boolean) {
  const [opener, setOpener] = useState<HTMLElement | null>(() => (open ? focusedElement() : null));
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpener(focusedElement());
  }

  return (event: Event) => {
    if (!opener?.isConnected) return;
    event.preventDefault();
    opener.focus();
  };
}
