// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '#client/test/render-routes';
import { serveFetch } from '#client/test/serve-fetch';
import { milestone } from '../testing/escrow-fixtures';
import { MilestoneSplitEditor } from './milestone-split-editor';

const type = (el: HTMLElement, value: string) => fireEvent.input(el, { target: { value } });

function edit(answer: (body: unknown) => Response = () => Response.json({})) {
  const sent: unknown[] = [];
  serveFetch((url, init) => {
    if (url.pathname === '/api/talent/gigs/g1/milestones' && init?.method === 'PUT') {
      const body: unknown = JSON.parse(String(init.body));
      sent.push(body);
      return answer(body);
    }
    return Response.json({});
  });
  const onDone = vi.fn();
  renderRoutes([
    {
      path: '/',
      element: <MilestoneSplitEditor gigId="g1" totalMinor={3_000_000} milestones={[milestone()]} onDone={onDone} />,
    },
  ]);
  return { sent, onDone };
}

/** The inputs of milestone `n` (1-based), by their labels inside its group. */
const row = (n: number) => {
  const group = screen.getByRole('group', { name: `Milestone ${n}` });
  return {
    title: within(group).getByLabelText('Title'),
    amount: within(group).getByLabelText('Amount (₦)'),
    due: within(group).getByLabelText('Due date (optional)'),
    group,
  };
};

describe('MilestoneSplitEditor', () => {
  it('keeps the remaining amount in view and sends kobo, with no due date as null', async () => {
    const { sent, onDone } = edit();
    const form = await screen.findByRole('form', { name: 'Split into milestones' });
    expect(row(1).title).toHaveProperty('value', 'Logo sketches');
    expect(screen.getByTestId('milestones-remaining').textContent).toBe('All of ₦30,000 is allocated');

    type(row(1).amount, '10000');
    expect(screen.getByTestId('milestones-remaining').textContent).toBe('₦20,000 left to allocate');
    fireEvent.click(within(form).getByRole('button', { name: 'Add a milestone' }));
    // A new row starts with what is left to allocate.
    expect(row(2).amount).toHaveProperty('value', '20000');
    type(row(2).title, 'Final artwork');
    type(row(2).amount, '25000');
    expect(screen.getByTestId('milestones-remaining').textContent).toBe('₦5,000 more than the bid of ₦30,000');
    fireEvent.click(within(form).getByRole('button', { name: 'Save milestones' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The milestones must add up to ₦30,000, the accepted bid.',
    );
    expect(sent).toEqual([]);

    type(row(2).amount, '20000');
    fireEvent.click(within(form).getByRole('button', { name: 'Save milestones' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          milestones: [
            { title: 'Logo sketches', amountMinor: 1_000_000, dueDate: '2026-12-15' },
            { title: 'Final artwork', amountMinor: 2_000_000, dueDate: null },
          ],
        },
      ]),
    );
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('allows 10 milestones at most, and never removes the last one', async () => {
    edit();
    const form = await screen.findByRole('form', { name: 'Split into milestones' });
    expect((within(form).getByRole('button', { name: 'Remove milestone 1' }) as HTMLButtonElement).disabled).toBe(true);
    const add = within(form).getByRole('button', { name: 'Add a milestone' }) as HTMLButtonElement;
    for (let i = 0; i < 9; i++) fireEvent.click(add);
    expect(within(form).getAllByRole('group')).toHaveLength(10);
    expect(add.disabled).toBe(true);
    expect(within(form).getByText('At most 10 milestones.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Remove milestone 10' }));
    expect(within(form).getAllByRole('group')).toHaveLength(9);
    expect(add.disabled).toBe(false);
  });

  it('checks each row before sending, and puts the server’s messages under their fields', async () => {
    const { sent } = edit(() =>
      Response.json(
        {
          error: 'Please check the highlighted fields.',
          code: 'VALIDATION_FAILED',
          fields: { 'milestones.1.amountMinor': 'Amount is too high', 'milestones.0.dueDate': 'Enter a real date' },
        },
        { status: 400 },
      ),
    );
    const form = await screen.findByRole('form', { name: 'Split into milestones' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add a milestone' }));
    type(row(1).amount, 'ten thousand');
    fireEvent.click(within(form).getByRole('button', { name: 'Save milestones' }));
    expect(await within(row(1).group).findByText('Enter an amount in naira, e.g. 25000')).toBeTruthy();
    expect(row(1).amount.getAttribute('aria-invalid')).toBe('true');
    expect(within(row(2).group).getByText('Name the milestone in at least 2 characters')).toBeTruthy();
    expect(sent).toEqual([]);

    type(row(1).amount, '10000');
    type(row(2).title, 'Final artwork');
    type(row(2).amount, '20000');
    fireEvent.click(within(form).getByRole('button', { name: 'Save milestones' }));
    expect(await within(row(2).group).findByText('Amount is too high')).toBeTruthy();
    expect(within(row(1).group).getByText('Enter a real date')).toBeTruthy();
    expect(row(1).due.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(1);
  });

  it('shows a refusal no field can hold, in the server’s words', async () => {
    edit(() => Response.json({ error: 'A milestone is already funded.', code: 'CONFLICT' }, { status: 409 }));
    const form = await screen.findByRole('form', { name: 'Split into milestones' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save milestones' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('A milestone is already funded.');
  });
});
