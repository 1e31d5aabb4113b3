// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TGigDetail } from '#shared/talent/talent.schemas';
import { renderRoutes } from '#client/test/render-routes';
import { GigNextStep } from './gig-next-step';

const gig = (actions: TGigDetail['actions']) => ({ id: 'g1', actions, changeRequests: 0 }) as unknown as TGigDetail;

describe('GigNextStep', () => {
  it('asks what was delivered, with the API schema’s message, before sending anything', async () => {
    const run = vi.fn();
    renderRoutes([{ path: '/', element: <GigNextStep gig={gig(['deliver'])} busy={false} run={run} /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark delivered' }));
    expect(await screen.findByText('Say what you delivered')).toBeTruthy();
    expect(run).not.toHaveBeenCalled();
    fireEvent.input(screen.getByLabelText('What you delivered'), { target: { value: '  The logo, attached.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark delivered' }));
    await waitFor(() =>
      expect(run).toHaveBeenCalledWith(
        'deliver',
        expect.objectContaining({ note: 'The logo, attached.', fileUploadIds: [], done: 'Marked as delivered' }),
      ),
    );
  });

  it('lets the poster ask for changes without a note', async () => {
    const run = vi.fn();
    renderRoutes([
      {
        path: '/',
        element: <GigNextStep gig={gig(['accept_delivery', 'request_changes', 'dispute'])} busy={false} run={run} />,
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Request changes (3 left)' }));
    await waitFor(() =>
      expect(run).toHaveBeenCalledWith(
        'request-changes',
        expect.objectContaining({ note: '', done: 'Changes requested' }),
      ),
    );
    expect(run.mock.calls[0]![1]).not.toHaveProperty('fileUploadIds');
  });
});
