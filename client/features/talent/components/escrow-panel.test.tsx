// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '#client/test/render-routes';
import { serveFetch } from '#client/test/serve-fetch';
import type { TEscrow, TMilestone } from '#shared/talent/escrow.schemas';
import type { TGigDetail } from '#shared/talent/talent.schemas';
import { escrow, gigWithEscrow, milestone } from '../testing/escrow-fixtures';
import { EscrowPanel } from './escrow-panel';

type Full = TGigDetail & { milestones: TMilestone[]; escrow: TEscrow };

function show(gig: TGigDetail, viewer: 'poster' | 'talent', onRelease = vi.fn()) {
  renderRoutes([
    { path: '/', element: <EscrowPanel gig={gig as Full} viewer={viewer} onRelease={onRelease} releasing={false} /> },
    { path: '/wallet', element: <p>Wallet page</p> },
  ]);
  return onRelease;
}

/**
 * The API as far as the panel calls it: answers checkout and cancel, and records what was asked.
 * The checkout's page is a fragment here, the one navigation jsdom carries out.
 */
function serve() {
  return serveFetch((url) => {
    if (url.pathname.endsWith('/checkout'))
      return Response.json({ url: '#test-checkout-ref-1', gateway: 'test', sessionId: 'ref-1' });
    return Response.json({});
  });
}

const twoMilestones = gigWithEscrow({
  milestones: [
    milestone({ id: 'm1', title: 'Logo sketches', amountMinor: 1_000_000 }),
    milestone({ id: 'm2', title: 'Final artwork', amountMinor: 2_000_000, dueDate: null }),
  ],
});

describe('EscrowPanel, for the poster', () => {
  it('lists each milestone with its amount, due date and status, the totals, and what happens next', async () => {
    serve();
    show(twoMilestones, 'poster');
    const list = await screen.findByRole('list', { name: 'Milestones' });
    const [first, second] = within(list).getAllByTestId('milestone');
    expect(first!.textContent).toContain('Logo sketches');
    expect(first!.textContent).toContain('₦10,000');
    expect(first!.textContent).toContain('Due 15 Dec 2026');
    expect(within(first!).getByTestId('milestone-status').textContent).toBe('Not funded');
    expect(second!.textContent).toContain('No due date');
    expect(screen.getByTestId('escrow-next').textContent).toBe('Fund the first milestone so Ada Obi can start.');
    for (const label of ['Funded', 'Held in escrow', 'Released']) expect(screen.getByText(label)).toBeTruthy();
    expect(screen.queryByText('Refunded')).toBeNull();
  });

  it('funds a milestone through the gateway’s checkout, one checkout at a time', async () => {
    const asked = serve();
    show(twoMilestones, 'poster');
    fireEvent.click(await screen.findByRole('button', { name: 'Fund ₦20,000: Final artwork' }));
    await waitFor(() => expect(window.location.hash).toBe('#test-checkout-ref-1'));
    expect(asked.map((u) => u.pathname)).toEqual(['/api/talent/milestones/m2/checkout']);
    // Busy until the browser has left for the gateway: no second checkout from another row.
    expect((screen.getByRole('button', { name: 'Fund ₦10,000: Logo sketches' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('asks before cancelling an unfunded milestone', async () => {
    const asked = serve();
    show(twoMilestones, 'poster');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel milestone: Logo sketches' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this milestone?' });
    expect(dialog.textContent).toContain('“Logo sketches”, ₦10,000, has not been funded.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel milestone' }));
    await waitFor(() => expect(asked.map((u) => u.pathname)).toEqual(['/api/talent/milestones/m1/cancel']));
  });

  it('releases held money from a delivered gig after a confirmation', async () => {
    serve();
    const delivered = gigWithEscrow({
      status: 'delivered',
      actions: ['accept_delivery', 'request_changes', 'dispute'],
      milestones: [milestone({ status: 'submitted', autoReleaseAt: '2026-12-20T09:00:00.000Z', actions: ['dispute'] })],
      escrow: escrow({
        fundedMinor: 3_000_000,
        heldMinor: 3_000_000,
        canEditPlan: false,
        next: 'Release the payment or ask for changes.',
      }),
    });
    const onRelease = show(delivered, 'poster');
    expect((await screen.findByTestId('milestone')).textContent).toContain('releases by itself on');
    expect(screen.queryByRole('button', { name: 'Split into milestones' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Fund/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Release payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release ₦30,000?' });
    expect(dialog.textContent).toContain('pays Ada Obi ₦30,000 from escrow');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release payment' }));
    expect(onRelease).toHaveBeenCalledTimes(1);
  });

  it('offers the split only while nothing has been funded', async () => {
    serve();
    show(twoMilestones, 'poster');
    fireEvent.click(await screen.findByRole('button', { name: 'Split into milestones' }));
    const form = await screen.findByRole('form', { name: 'Split into milestones' });
    expect(screen.queryByRole('list', { name: 'Milestones' })).toBeNull();
    // The keyboard follows: into the first title, and back to the button when the editor closes.
    await waitFor(() => expect(document.activeElement).toBe(within(form).getAllByLabelText('Title')[0]));
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Split into milestones' })),
    );
  });
});

describe('EscrowPanel, for the talent', () => {
  it('shows the same milestones read-only, says what is held for them, and disputes with a reason', async () => {
    const asked: unknown[] = [];
    serveFetch((url, init) => {
      if (url.pathname.endsWith('/dispute')) asked.push([url.pathname, JSON.parse(String(init?.body))]);
      return Response.json({});
    });
    show(
      gigWithEscrow({
        milestones: [milestone({ status: 'funded', fundedAt: '2026-11-21T09:00:00.000Z', actions: ['dispute'] })],
        escrow: escrow({
          fundedMinor: 3_000_000,
          heldMinor: 3_000_000,
          canEditPlan: false,
          next: 'Ada Obi works on the milestone.',
        }),
      }),
      'talent',
    );
    expect(await screen.findByText('₦30,000 is held in escrow for you.')).toBeTruthy();
    expect(screen.getByTestId('milestone-status').textContent).toBe('Funded');
    for (const name of [/^Fund/, /^Cancel/, 'Split into milestones', 'Release payment'])
      expect(screen.queryByRole('button', { name })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Dispute milestone: Logo sketches' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispute this milestone?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open dispute' }));
    expect(await within(dialog).findByText('Say what went wrong in at least 10 characters')).toBeTruthy();
    expect(within(dialog).getByLabelText('What went wrong?').getAttribute('aria-invalid')).toBe('true');
    fireEvent.input(within(dialog).getByLabelText('What went wrong?'), {
      target: { value: 'The poster stopped answering after I sent the sketches.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open dispute' }));
    await waitFor(() =>
      expect(asked).toEqual([
        ['/api/talent/milestones/m1/dispute', { reason: 'The poster stopped answering after I sent the sketches.' }],
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when the money was released, with the way to the wallet', async () => {
    serve();
    show(
      gigWithEscrow({
        status: 'completed',
        milestones: [milestone({ status: 'released', releasedAt: '2026-11-25T09:00:00.000Z', actions: [] })],
        escrow: escrow({
          fundedMinor: 3_000_000,
          releasedMinor: 3_000_000,
          canEditPlan: false,
          next: 'The gig is complete.',
        }),
      }),
      'talent',
    );
    expect((await screen.findByText(/has been released to you/)).textContent).toContain('₦30,000');
    expect(screen.queryByText(/is held in escrow for you/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Open your wallet' }).getAttribute('href')).toBe('/wallet');
    expect(screen.queryByRole('button', { name: /^Dispute/ })).toBeNull();
  });
});

describe('EscrowPanel, after the team decided a dispute', () => {
  const REASON = 'The sketches arrived; the final files did not.';
  const decided = gigWithEscrow({
    status: 'completed',
    milestones: [
      milestone({
        status: 'released',
        releasedAt: '2026-11-28T13:05:00.000Z',
        actions: [],
        talentNetMinor: 1_350_000,
        platformFeeMinor: 150_000,
        outcome: {
          decision: 'split',
          reason: REASON,
          releasedMinor: 1_500_000,
          refundedMinor: 1_500_000,
          decidedAt: '2026-11-28T13:05:00.000Z',
        },
      }),
      milestone({ id: 'm2', title: 'Final artwork', status: 'funded', actions: [] }),
    ],
    escrow: escrow({ fundedMinor: 6_000_000, releasedMinor: 1_500_000, refundedMinor: 1_500_000, canEditPlan: false }),
  });

  it('shows the talent the decision, its reason and what they received after the fee', async () => {
    serve();
    show(decided, 'talent');
    const [split, next] = within(await screen.findByRole('list', { name: 'Milestones' })).getAllByTestId('milestone');
    const outcome = within(split!).getByTestId('milestone-outcome');
    expect(outcome.textContent).toContain('The team’s decision');
    expect(outcome.textContent).toContain('28 Nov 2026, 14:05 WAT');
    expect(outcome.textContent).toContain('Split: ₦15,000 released to you, ₦15,000 refunded to Ngozi’s payment.');
    expect(outcome.textContent).toContain(REASON);
    expect(within(split!).getByTestId('milestone-net').textContent).toBe(
      'You received ₦13,500 after the 10% platform fee (₦1,500).',
    );
    expect(within(next!).getByTestId('milestone-net').textContent).toBe(
      'You receive ₦27,000 after the 10% platform fee (₦3,000).',
    );
    expect(within(next!).queryByTestId('milestone-outcome')).toBeNull();
  });

  it('shows the poster the same decision and reason, worded for them', async () => {
    serve();
    show(decided, 'poster');
    const [split] = within(await screen.findByRole('list', { name: 'Milestones' })).getAllByTestId('milestone');
    const outcome = within(split!).getByTestId('milestone-outcome');
    expect(outcome.textContent).toContain('Split: ₦15,000 released to Ada, ₦15,000 refunded to your payment.');
    expect(outcome.textContent).toContain(REASON);
    expect(within(split!).getByTestId('milestone-net').textContent).toBe(
      'Ada received ₦13,500 after the 10% platform fee (₦1,500).',
    );
  });

  it('a refund shows no net: nothing went to the talent', async () => {
    serve();
    show(
      gigWithEscrow({
        milestones: [
          milestone({
            status: 'refunded',
            actions: [],
            talentNetMinor: 0,
            platformFeeMinor: 0,
            outcome: {
              decision: 'refund',
              reason: 'Nothing was delivered.',
              releasedMinor: 0,
              refundedMinor: 3_000_000,
              decidedAt: '2026-11-28T13:05:00.000Z',
            },
          }),
        ],
      }),
      'talent',
    );
    const item = await screen.findByTestId('milestone');
    expect(within(item).getByTestId('milestone-outcome').textContent).toContain(
      'All ₦30,000 refunded to Ngozi’s payment.',
    );
    expect(within(item).queryByTestId('milestone-net')).toBeNull();
  });
});
