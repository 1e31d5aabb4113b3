// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '#client/test/render-routes';
import { JobForm } from './job-form';

function serve() {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
    Response.json({ id: 'j1', ...JSON.parse(String(init?.body)) }, { status: 201 }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

afterEach(() => vi.restoreAllMocks());

describe('JobForm', () => {
  it('refuses an empty post with the API schema’s messages, without a request', async () => {
    const fetch = serve();
    renderRoutes([{ path: '/', element: <JobForm job={null} onDone={() => {}} /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Post job' }));
    expect(await screen.findByText('Give the job a title (at least 3 characters)')).toBeTruthy();
    expect(screen.getByText('Describe the job (at least 20 characters)')).toBeTruthy();
    expect(screen.getByText('Say where the job is, or "Remote"')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the deadline as the instant of its wall time in the browser’s zone, salaries as numbers, and drops blank questions', async () => {
    const fetch = serve();
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      timeZone: 'Africa/Lagos',
    } as Intl.ResolvedDateTimeFormatOptions);
    const onDone = vi.fn();
    renderRoutes([{ path: '/', element: <JobForm job={null} onDone={onDone} /> }]);
    type('Job title', 'Data analyst');
    type('Location', 'Lagos');
    type('Description (Markdown)', 'Turn our delivery data into weekly reports.');
    type('Salary from (a month)', '250,000');
    type('Deadline (optional)', '2027-03-28T00:30');
    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    type('Question 2', 'Can you start in March?');
    fireEvent.click(screen.getByRole('button', { name: 'Post job' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const body = JSON.parse(String(fetch.mock.calls[0]![1]!.body));
    expect(body).toMatchObject({
      title: 'Data analyst',
      salaryMin: 250_000,
      salaryMax: null,
      deadline: '2027-03-27T23:30:00.000Z',
      status: 'open',
    });
    expect(body.screeningQuestions).toEqual([
      expect.objectContaining({ kind: 'yes_no', question: 'Can you start in March?' }),
    ]);
  });

  it('puts a question’s message under it, not under a blank one before it, along with the other fields’ messages', async () => {
    serve();
    renderRoutes([{ path: '/', element: <JobForm job={null} onDone={() => {}} /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a question' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    type('Question 2', 'Hi');
    fireEvent.click(screen.getByRole('button', { name: 'Post job' }));
    await screen.findByText('Write the question');
    expect(screen.getByText('Give the job a title (at least 3 characters)')).toBeTruthy();
    expect(screen.getByLabelText('Question 2').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Question 1').getAttribute('aria-invalid')).toBeNull();
  });
});
