// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

/** The usual shape: a plain button elsewhere on the page sets `open`; no Dialog.Trigger. */
function Page({ onConfirm = () => {} }: { onConfirm?: (close: () => void) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Something else</button>
      <button type="button" onClick={() => setOpen(true)}>
        Delete lesson
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this lesson?"
        description={<p>This cannot be undone.</p>}
        confirmText="Delete"
        onConfirm={() => onConfirm(() => setOpen(false))}
      />
    </>
  );
}

/** Focuses, then clicks, as a browser does for a keyboard or mouse press on a button. */
async function open(name: string) {
  const opener = screen.getByRole('button', { name });
  opener.focus();
  fireEvent.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Delete this lesson?' });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return { opener, dialog };
}

describe('ConfirmDialog', () => {
  it('returns focus to the opener after Escape', async () => {
    render(<Page />);
    const { opener, dialog } = await open('Delete lesson');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('returns focus to the opener after Cancel', async () => {
    render(<Page />);
    const { opener } = await open('Delete lesson');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('returns focus to the opener when the caller closes it after confirming', async () => {
    render(<Page onConfirm={(close) => close()} />);
    const { opener } = await open('Delete lesson');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
