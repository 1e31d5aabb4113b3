// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#client/lib/query-client';
import { AdjustmentForm } from './adjustment-form';
import { PasswordConfirmProvider } from './password-confirm';

const ID = '3f0c1f8e-55a4-4b7e-9d55-2f9a3b1c0d11';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const wallet = {
  currency: 'NGN',
  availableMinor: 349_950,
  pendingMinor: 0,
  heldMinor: 0,
  paidOutMinor: 0,
  owedMinor: 0,
};

function renderForm() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PasswordConfirmProvider>
        <AdjustmentForm memberId={ID} memberName="Emeka Obi" />
      </PasswordConfirmProvider>
    </QueryClientProvider>,
  );
  return screen.getByRole('form', { name: 'Adjust the wallet' });
}
const fill = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });
afterEach(() => vi.unstubAllGlobals());

describe('AdjustmentForm', () => {
  it('says what is wrong under each labelled field and sends nothing', async () => {
    const fetchMock = vi.fn(async () => json({}));
    vi.stubGlobal('fetch', fetchMock);
    const form = renderForm();
    fill(form, 'Amount (₦)', '12.345');
    fill(form, 'Reason (the member reads it)', 'Too short');
    fireEvent.click(within(form).getByRole('button', { name: 'Review adjustment' }));
    expect(await within(form).findByText('Enter an amount in naira, for example 5000 or 1500.50')).toBeTruthy();
    expect(within(form).getByText('Say why in at least 10 characters: the member reads it')).toBeTruthy();
    expect(within(form).getByLabelText('Amount (₦)').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a debit before posting it, asks for the password when due, and sends the same key again', async () => {
    const bodies: unknown[] = [];
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === `/api/admin/users/${ID}/wallet/adjustments`) {
        bodies.push(JSON.parse(String(init!.body)));
        return bodies.length === 1
          ? json({ error: 'Enter your password again to do this.', code: 'CONFIRMATION_REQUIRED' }, 403)
          : json(
              {
                id: 'p1',
                amountMinor: -150_050,
                bucket: 'available',
                reason: 'Duplicate sale credited twice',
                createdAt: '2026-11-20T10:00:00.000Z',
                wallet,
              },
              201,
            );
      }
      if (url === '/api/admin/confirm') return json({ confirmedUntil: '2026-11-24T10:00:00.000Z' });
      return json({ error: 'Not found', code: 'NOT_FOUND' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    const form = renderForm();
    fireEvent.click(within(form).getByLabelText('Debit (take from the member)'));
    fill(form, 'Amount (₦)', '1,500.50');
    fill(form, 'Balance', 'available');
    fill(form, 'Reason (the member reads it)', 'Duplicate sale credited twice');
    fireEvent.click(within(form).getByRole('button', { name: 'Review adjustment' }));

    const summary = await screen.findByRole('dialog', { name: 'Debit ₦1,500.50?' });
    expect(summary.textContent).toContain('₦1,500.50 will be taken from Emeka Obi’s available balance.');
    expect(summary.textContent).toContain('Reason: Duplicate sale credited twice');
    fireEvent.click(within(summary).getByRole('button', { name: 'Debit' }));

    const password = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    fireEvent.change(within(password).getByLabelText('Password'), { target: { value: 'Correct-Horse-9' } });
    fireEvent.click(within(password).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({
      amountMinor: -150_050,
      bucket: 'available',
      reason: 'Duplicate sale credited twice',
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(bodies[1]).toEqual(bodies[0]);
    // Posted: the form is empty again, ready for another adjustment with a key of its own.
    await waitFor(() => expect((within(form).getByLabelText('Amount (₦)') as HTMLInputElement).value).toBe(''));
  });

  it("shows the server's refusal, such as a debit below zero", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(
          {
            error: 'This debit would take Emeka Obi’s pending balance below zero: it holds ₦0.',
            code: 'CONFLICT',
          },
          409,
        ),
      ),
    );
    const form = renderForm();
    fireEvent.click(within(form).getByLabelText('Debit (take from the member)'));
    fill(form, 'Amount (₦)', '50');
    fill(form, 'Balance', 'pending');
    fill(form, 'Reason (the member reads it)', 'Refund paid outside the platform');
    fireEvent.click(within(form).getByRole('button', { name: 'Review adjustment' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Debit ₦50?' })).getByRole('button', { name: 'Debit' }),
    );
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'This debit would take Emeka Obi’s pending balance below zero: it holds ₦0.',
    );
  });
});
