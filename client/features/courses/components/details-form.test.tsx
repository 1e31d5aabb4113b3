// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { TCourseInput } from '#shared/courses/courses.schemas';
import { ApiError } from '#client/lib/api-client';
import { DetailsForm } from './details-form';

function visit(onSave: (input: TCourseInput, h: { onError: (e: Error) => void; onSuccess: () => void }) => void) {
  const router = createMemoryRouter([{ path: '/', element: <DetailsForm onSave={onSave} saving={false} /> }]);
  // The skills picker asks the server as one types; nothing is typed here.
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('DetailsForm', () => {
  it('shows the shared schema’s messages before sending anything', async () => {
    const onSave = vi.fn();
    visit(onSave);
    fill('Price (₦)', '12.345');
    fireEvent.click(screen.getByRole('button', { name: 'Create course' }));
    expect(await screen.findByText('Title must be at least 5 characters')).toBeTruthy();
    expect(screen.getByText('Summary must be at least 10 characters')).toBeTruthy();
    expect(screen.getByText('Enter the price in naira, e.g. 15000 or 2500.50')).toBeTruthy();
    expect(screen.getByLabelText('Category').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends the price in kobo', async () => {
    const onSave = vi.fn();
    visit(onSave);
    fill('Title', 'Excel for small business owners');
    fill('Summary', 'Spreadsheets that run your shop: stock, sales and cash.');
    fill('Category', 'business');
    fill('Level', 'beginner');
    fill('Price (₦)', '₦15,000.50');
    expect(screen.getByText('Learners pay this once; 0 makes the course free')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create course' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toEqual({
      title: 'Excel for small business owners',
      summary: 'Spreadsheets that run your shop: stock, sales and cash.',
      description: '',
      category: 'business',
      level: 'beginner',
      language: 'en',
      priceMinor: 1_500_050,
      currency: 'NGN',
      skills: [],
      thumbnailUploadId: null,
    });
  });

  it('puts the server’s field messages under the fields, priceMinor under the price', async () => {
    visit((_input, { onError }) =>
      onError(
        new ApiError(400, '', {
          error: 'Check the form',
          code: 'VALIDATION_FAILED',
          fields: { title: 'Title taken', priceMinor: 'The price is too high' },
        }),
      ),
    );
    fill('Title', 'Excel for small business owners');
    fill('Summary', 'Spreadsheets that run your shop: stock, sales and cash.');
    fill('Category', 'business');
    fill('Level', 'beginner');
    fireEvent.click(screen.getByRole('button', { name: 'Create course' }));
    expect(await screen.findByText('Title taken')).toBeTruthy();
    expect(screen.getByText('The price is too high')).toBeTruthy();
    expect(screen.getByLabelText('Price (₦)').getAttribute('aria-invalid')).toBe('true');
  });
});
