// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#client/lib/api-client';
import { PlanForm } from './plan-form';

describe('PlanForm', () => {
  it('sends the contract fields, the price in kobo, and carries the contract names', async () => {
    const onSubmit = vi.fn();
    const { container } = render(<PlanForm busy={false} onSubmit={onSubmit} onCancel={() => undefined} />);
    for (const name of [
      'name',
      'price',
      'sessionsPerMonth',
      'sessionMinutes',
      'responseHours',
      'menteeLimit',
      'description',
      'features',
      'trial',
      'active',
    ]) {
      expect(container.querySelector(`[name="${name}"]`), name).not.toBeNull();
    }
    fireEvent.change(screen.getByLabelText('Plan name'), { target: { value: 'Career sprint' } });
    fireEvent.change(screen.getByLabelText('Monthly price (₦)'), { target: { value: '20,000' } });
    fireEvent.change(screen.getByLabelText('Session length'), { target: { value: '60' } });
    fireEvent.change(screen.getByLabelText('Features (one per line)'), {
      target: { value: 'CV review\n\nMock interviews' },
    });
    fireEvent.click(screen.getByLabelText('7-day free trial'));
    fireEvent.click(screen.getByRole('button', { name: 'Create plan' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({
          name: 'Career sprint',
          priceMinor: 2_000_000,
          currency: 'NGN',
          sessionsPerMonth: 2,
          sessionMinutes: 60,
          features: ['CV review', 'Mock interviews'],
          trial: true,
          active: true,
        }),
        expect.any(Function),
      ),
    );
  });

  it("shows the shared schema's messages and sends nothing when invalid", async () => {
    const onSubmit = vi.fn();
    render(<PlanForm busy={false} onSubmit={onSubmit} onCancel={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Monthly price (₦)'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByText('Enter the price in naira, e.g. 20000')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Monthly price (₦)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create plan' }));
    await waitFor(() => expect(screen.queryByText('Enter the price in naira, e.g. 20000')).toBeNull());
    expect(screen.getByText('Name the plan in at least 3 characters')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("puts the server's field messages under the fields, the price's under the naira field", async () => {
    const onSubmit = vi.fn((_input: unknown, placeFieldErrors: (err: Error) => boolean) => {
      const body = {
        error: 'Invalid input',
        code: 'VALIDATION_FAILED' as const,
        fields: { priceMinor: 'The price is too high', name: 'Name taken' },
      };
      placeFieldErrors(new ApiError(400, JSON.stringify(body), body));
    });
    render(<PlanForm busy={false} onSubmit={onSubmit} onCancel={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Plan name'), { target: { value: 'Career sprint' } });
    fireEvent.change(screen.getByLabelText('Monthly price (₦)'), { target: { value: '20000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByText('The price is too high')).toBeTruthy();
    expect(screen.getByText('Name taken')).toBeTruthy();
  });
});
