// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TChatMessage } from '#shared/chat/chat.schemas';
import { SearchPanel } from './search-panel';

const LINE: TChatMessage = {
  id: 'm1',
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

function serve() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return Response.json({ messages: [LINE], nextCursor: null });
    }),
  );
  return asked;
}

describe('SearchPanel', () => {
  it('sends nothing for a blank search, and the trimmed words otherwise, listing the matches', async () => {
    const asked = serve();
    render(<SearchPanel conversationId="c1" meId="me" onClose={() => {}} />);
    const box = screen.getByPlaceholderText('Search messages');
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.change(box, { target: { value: ' rice ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(results.textContent).toContain('You: The rice price is ₦1,200');
    await waitFor(() => expect(asked).toEqual(['/api/chat/conversations/c1/messages?q=rice&limit=50']));
  });
});
