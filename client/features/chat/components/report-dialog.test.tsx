// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#client/lib/query-client';
import { ReportDialog } from './report-dialog';

function serve() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return Response.json({ id: 'r1', status: 'open' }, { status: 201 });
    }),
  );
  return sent;
}

describe('ReportDialog', () => {
  it('asks for a reason with the shared message, then sends it trimmed and closes', async () => {
    const sent = serve();
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ReportDialog target={{ kind: 'message', id: 'm1', label: 'this message' }} onClose={onClose} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: ' no ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Say what is wrong, in a few words')).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '  Asks for money up front ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ kind: 'message', targetId: 'm1', reason: 'Asks for money up front' }]);
  });
});
