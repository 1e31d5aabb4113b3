// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userQueryKey } from '#client/features/accounts';
import { createQueryClient } from '#client/lib/query-client';
import { MEMBER } from '#client/test/member';
import { renderRoutes } from '#client/test/render-routes';
import { serveFetch } from '#client/test/serve-fetch';
import type { TGigDetail } from '#shared/talent/talent.schemas';
import { escrow, gigWithEscrow, milestone, POSTER, TALENT } from '../testing/escrow-fixtures';
import { GigPage } from './gig-page';

const delivered = gigWithEscrow({
  status: 'delivered',
  deliveryNote: 'Both sizes, attached.',
  deliveredAt: '2026-11-24T09:00:00.000Z',
  actions: ['accept_delivery', 'request_changes', 'dispute'],
  milestones: [milestone({ status: 'submitted', actions: ['dispute'] })],
  escrow: escrow({
    fundedMinor: 3_000_000,
    heldMinor: 3_000_000,
    canEditPlan: false,
    next: 'Release the payment or ask for changes.',
  }),
});

function visit(gig: TGigDetail, as: { id: string; fullName: string }, path = '/gigs/g1') {
  const asked: string[] = [];
  serveFetch((url, init) => {
    asked.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    if (url.pathname === '/api/payments/verify') return Response.json({ success: true });
    if (url.pathname === '/api/talent/gigs/g1' && (init?.method ?? 'GET') === 'GET') return Response.json(gig);
    return Response.json({});
  });
  const client = createQueryClient();
  client.setQueryData(userQueryKey, { ...MEMBER, ...as });
  renderRoutes([{ path: '/gigs/:id', element: <GigPage /> }], { path, client });
  return asked;
}

describe('GigPage with escrow', () => {
  it('has the poster release held money from the escrow panel, not from a second "Accept delivery"', async () => {
    const asked = visit(delivered, POSTER);
    const panel = await screen.findByRole('region', { name: 'Payment in escrow' });
    expect(screen.queryByRole('button', { name: 'Accept delivery' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open a dispute' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Request changes (3 left)' })).toBeTruthy();
    expect(screen.queryByText(/off the platform/)).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Release payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release ₦30,000?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release payment' }));
    await waitFor(() => expect(asked).toContain('POST /api/talent/gigs/g1/accept-delivery'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps "Accept delivery" in the next step when nothing is held', async () => {
    visit({ ...delivered, milestones: [milestone()], escrow: escrow({ next: 'Nothing was funded.' }) }, POSTER);
    expect(await screen.findByRole('button', { name: 'Accept delivery' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Release payment' })).toBeNull();
  });

  it('shows the escrow to the hired talent, and to nobody else', async () => {
    visit({ ...delivered, actions: [] }, TALENT);
    expect(await screen.findByRole('region', { name: 'Payment in escrow' })).toBeTruthy();
    expect(screen.getByText('₦30,000 is held in escrow for you.')).toBeTruthy();
  });

  it('hides the escrow from a member who is neither side', async () => {
    visit({ ...delivered, actions: [] }, { id: 'u-other', fullName: 'Musa Bello' });
    expect(await screen.findByRole('heading', { name: delivered.title })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Payment in escrow' })).toBeNull();
  });

  it('confirms a payment with the gateway when the poster comes back from funding', async () => {
    const asked = visit(gigWithEscrow(), POSTER, '/gigs/g1?session_id=ref-1&gateway=test');
    await waitFor(() => expect(asked).toContain('POST /api/payments/verify'));
    // The gig is read again once the payment is confirmed, so the milestone shows as funded.
    await waitFor(() => expect(asked.filter((a) => a === 'GET /api/talent/gigs/g1').length).toBeGreaterThan(1));
  });
});
