// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TMilestone } from '#shared/talent/escrow.schemas';
import { renderRoutes } from '#client/test/render-routes';
import { serveFetch } from '#client/test/serve-fetch';
import { GigDisputeMilestones } from './gig-dispute-milestones';
import { MilestoneResolution } from './milestone-resolution';
import { PasswordConfirmProvider } from './password-confirm';

const disputed: TMilestone = {
  id: 'm1',
  title: 'Logo sketches',
  amountMinor: 3_000_000,
  status: 'disputed',
  dueDate: null,
  fundedAt: '2026-11-21T09:00:00.000Z',
  submittedAt: null,
  releasedAt: null,
  autoReleaseAt: null,
  actions: ['resolve'],
  talentNetMinor: 2_700_000,
  platformFeeMinor: 300_000,
  outcome: null,
};

function decide(answer: () => Response = () => Response.json({})) {
  const sent: unknown[] = [];
  serveFetch((url, init) => {
    if (url.pathname === '/api/admin/milestones/m1/resolve') {
      sent.push(JSON.parse(String(init?.body)));
      return answer();
    }
    return Response.json({});
  });
  renderRoutes([
    {
      path: '/',
      element: (
        <PasswordConfirmProvider>
          <MilestoneResolution milestone={disputed} posterName="Ngozi Eze" talentName="Ada Obi" />
        </PasswordConfirmProvider>
      ),
    },
  ]);
  return { sent, form: screen.getByRole('form', { name: 'Resolve “Logo sketches”' }) };
}

const type = (el: HTMLElement, value: string) => fireEvent.input(el, { target: { value } });

describe('MilestoneResolution', () => {
  it('needs a reason, and releases the whole milestone by default', async () => {
    const { sent, form } = decide();
    fireEvent.click(within(form).getByRole('button', { name: 'Resolve dispute' }));
    expect(await within(form).findByText('Give the reason both sides will read')).toBeTruthy();
    expect(sent).toEqual([]);
    type(within(form).getByLabelText('Reason (both sides read it)'), 'The sketches match the brief as agreed.');
    fireEvent.click(within(form).getByRole('button', { name: 'Resolve dispute' }));
    await waitFor(() =>
      expect(sent).toEqual([{ outcome: 'release', reason: 'The sketches match the brief as agreed.' }]),
    );
  });

  it('splits by the talent’s share in naira, saying what goes back to the poster', async () => {
    const { sent, form } = decide();
    fireEvent.click(within(form).getByLabelText('Split between them'));
    const share = within(form).getByLabelText('Ada Obi’s share (₦)');
    type(share, '30000');
    type(within(form).getByLabelText('Reason (both sides read it)'), 'Half the work was delivered on time.');
    fireEvent.click(within(form).getByRole('button', { name: 'Resolve dispute' }));
    expect(await within(form).findByText(/more than ₦0 and less than ₦30,000/)).toBeTruthy();
    expect(share.getAttribute('aria-invalid')).toBe('true');
    type(share, '12,500');
    expect(await within(form).findByText('Ngozi Eze gets ₦17,500 back.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Resolve dispute' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { outcome: 'split', talentMinor: 1_250_000, reason: 'Half the work was delivered on time.' },
      ]),
    );
  });

  it('refunds the poster, and shows a refusal in the server’s words', async () => {
    const { sent, form } = decide(() =>
      Response.json({ error: 'This milestone is no longer in dispute.', code: 'CONFLICT' }, { status: 409 }),
    );
    fireEvent.click(within(form).getByLabelText('Refund all to Ngozi Eze'));
    type(within(form).getByLabelText('Reason (both sides read it)'), 'Nothing was delivered by the due date.');
    fireEvent.click(within(form).getByRole('button', { name: 'Resolve dispute' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('This milestone is no longer in dispute.');
    expect(sent).toEqual([{ outcome: 'refund', reason: 'Nothing was delivered by the due date.' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('GigDisputeMilestones', () => {
  const evidence = {
    poster: { id: 'u1', name: 'Ngozi Eze' },
    talent: { id: 'u2', name: 'Ada Obi' },
    milestones: [
      {
        id: 'm0',
        title: 'Brief',
        amountMinor: 500_000,
        status: 'released',
        disputedBy: null,
        disputeReason: null,
        disputedAt: null,
      },
      {
        id: 'm1',
        title: 'Logo sketches',
        amountMinor: 3_000_000,
        status: 'disputed',
        disputedBy: 'Ngozi Eze',
        disputeReason: 'Only one sketch arrived.',
        disputedAt: '2026-11-24T09:00:00.000Z',
      },
    ],
  };

  it('shows who disputed which milestone and why, with a decision for the disputed one only', async () => {
    serveFetch(() => Response.json({}));
    renderRoutes([
      {
        path: '/',
        element: (
          <PasswordConfirmProvider>
            <GigDisputeMilestones evidence={evidence} />
          </PasswordConfirmProvider>
        ),
      },
    ]);
    const money = await screen.findByRole('region', { name: 'Money in escrow' });
    expect(money.textContent).toContain('Brief, ₦5,000 · Released');
    expect(money.textContent).toContain('Disputed by Ngozi Eze');
    expect(money.textContent).toContain(': Only one sketch arrived.');
    expect(
      within(money)
        .getAllByRole('form')
        .map((f) => f.getAttribute('aria-label')),
    ).toEqual(['Resolve “Logo sketches”']);
    expect(within(money).getByLabelText('Release all to Ada Obi')).toBeTruthy();
  });

  it('shows nothing for a gig without escrow', () => {
    renderRoutes([{ path: '/', element: <GigDisputeMilestones evidence={{ poster: { name: 'A' }, talent: null }} /> }]);
    expect(screen.queryByRole('region', { name: 'Money in escrow' })).toBeNull();
  });
});
