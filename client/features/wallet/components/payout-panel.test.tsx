// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPayoutAccount } from '#shared/wallet/payouts.schemas';
import { renderRoutes } from '#client/test/render-routes';
import { PayoutPanel } from './payout-panel';

const ACCOUNT: TPayoutAccount = {
  bankCode: '058',
  bankName: 'Guaranty Trust Bank',
  accountNumberLast4: '6789',
  accountName: 'ADA OBI',
  payoutsHeldUntil: null,
};

/** The payout routes as the server answers them; answers the bodies of the payouts asked. */
function serve(account: TPayoutAccount | null) {
  const asked: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/wallet/payout-account') return Response.json({ account });
      if (url === '/api/payouts/banks') return Response.json({ banks: [{ code: '058', name: 'Guaranty Trust Bank' }] });
      if (url === '/api/wallet/payouts' && init?.method === 'POST') {
        asked.push(JSON.parse(String(init.body)));
        return Response.json({ id: 'p1', amountMinor: 2_000_000, feeMinor: 2_500, status: 'pending' }, { status: 201 });
      }
      if (url === '/api/wallet/payouts') return Response.json({ payouts: [] });
      return new Response('{}', { status: 404 });
    }),
  );
  return asked;
}
afterEach(() => vi.unstubAllGlobals());

describe('PayoutPanel', () => {
  it('asks for the bank account first, with labelled fields and their messages', async () => {
    serve(null);
    renderRoutes([{ path: '/', element: <PayoutPanel availableMinor={2_000_000} /> }]);
    const form = await screen.findByRole('form', { name: 'Payout bank account' });
    await within(form).findByRole('option', { name: 'Guaranty Trust Bank' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save bank account' }));
    expect(await within(form).findByText('Enter the 10-digit account number (NUBAN)')).toBeTruthy();
    expect(within(form).getByLabelText('Bank').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByLabelText('Your password')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Withdraw' })).toBeNull();
  });

  it('shows the fee before confirming, and asks for the amount in kobo', async () => {
    const asked = serve(ACCOUNT);
    renderRoutes([{ path: '/', element: <PayoutPanel availableMinor={2_000_000} /> }]);
    const form = await screen.findByRole('form', { name: 'Withdraw' });
    expect(screen.getByText('ADA OBI')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Amount (₦)'), { target: { value: '500' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Withdraw' }));
    expect(await within(form).findByText('The least you can withdraw is ₦1,000')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'All of it' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw to your bank?' });
    expect(dialog.textContent).toContain('₦25 comes out of it: you receive ₦19,975');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(asked).toEqual([{ amountMinor: 2_000_000 }]));
  });

  it('changing the account starts from the saved bank, the number typed again', async () => {
    serve(ACCOUNT);
    renderRoutes([{ path: '/', element: <PayoutPanel availableMinor={2_000_000} /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Change bank account' }));
    const form = await screen.findByRole('form', { name: 'Payout bank account' });
    expect(within(form).getByText(/payouts wait 24 hours after the account is changed/)).toBeTruthy();
    const bank = within(form).getByLabelText('Bank') as HTMLSelectElement;
    await waitFor(() => expect(bank.value).toBe('058'));
    expect(bank.selectedOptions[0]!.textContent).toBe('Guaranty Trust Bank');
    expect((within(form).getByLabelText('Account number') as HTMLInputElement).value).toBe('');
  });
});
