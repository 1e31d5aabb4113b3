// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_MAX, type TChatMessage } from '#shared/chat/chat.schemas';
import { Composer, type ComposerProps } from './composer';

const LINE: TChatMessage = {
  id: '41',
  conversationId: 'c1',
  senderId: 'me',
  kind: 'text',
  body: 'The rice price is ₦1,200',
  clientId: null,
  attachment: null,
  replyTo: null,
  createdAt: '2027-03-02T09:00:00.000Z',
  editedAt: null,
  deleted: false,
};

afterEach(cleanup);

function compose(props: Partial<ComposerProps> = {}) {
  const handlers = { onSend: vi.fn(), onSaveEdit: vi.fn(), onTyping: vi.fn(), onCancel: vi.fn() };
  render(<Composer replyTo={null} editing={null} {...handlers} {...props} />);
  return { ...handlers, box: screen.getByLabelText('Message', { exact: true }) as HTMLTextAreaElement };
}

const enter = (box: HTMLElement, shiftKey = false) => fireEvent.keyDown(box, { key: 'Enter', shiftKey });

describe('Composer', () => {
  it('sends the trimmed words on Enter and empties the box; Shift+Enter and an empty box send nothing', async () => {
    const { box, onSend, onTyping } = compose();
    expect(enter(box)).toBe(false);
    fireEvent.change(box, { target: { value: '  Hello Bayo ' } });
    expect(onTyping).toHaveBeenCalled();
    expect(enter(box, true)).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
    expect(enter(box)).toBe(false);
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('Hello Bayo', undefined));
    expect(box.value).toBe('');
    expect(box.getAttribute('aria-invalid')).toBeNull();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says the shared limit under the box for words over it, and sends nothing', async () => {
    const { box, onSend } = compose();
    fireEvent.change(box, { target: { value: 'a'.repeat(MESSAGE_MAX + 1) } });
    enter(box);
    expect(await screen.findByText('At most 4,000 characters')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(
      'At most 4,000 characters',
    );
    expect(onSend).not.toHaveBeenCalled();
  });

  it('edits from the words of the message, in focus; Save sends the new words, Escape cancels', async () => {
    const first = compose({ editing: LINE });
    expect(first.box.value).toBe(LINE.body);
    await waitFor(() => expect(document.activeElement).toBe(first.box));
    fireEvent.change(first.box, { target: { value: ' The rice price is ₦1,300 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(first.onSaveEdit).toHaveBeenCalledWith(LINE, 'The rice price is ₦1,300'));
    cleanup();

    const second = compose({ editing: LINE });
    fireEvent.keyDown(second.box, { key: 'Escape' });
    expect(second.box.value).toBe('');
    expect(second.onCancel).toHaveBeenCalled();
  });
});
