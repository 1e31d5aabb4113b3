// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TAvailability } from '#shared/mentorship/sessions.schemas';
import { renderRoutes } from '#client/test/render-routes';
import { AvailabilityEditor } from './availability-editor';

const DATA: TAvailability = {
  timeZone: 'Africa/Lagos',
  weekly: [{ weekday: 1, start: '09:00', end: '17:00' }],
  bufferMinutes: 15,
  minNoticeHours: 12,
  horizonDays: 30,
  overrides: [],
};

function serve() {
  const sent: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT' || init?.method === 'POST')
        sent.push({ method: init.method, url, body: JSON.parse(String(init.body)) });
      if (url === '/api/mentor/availability' && init?.method === 'PUT') return Response.json(DATA);
      if (url === '/api/mentor/availability/overrides')
        return Response.json(
          { override: { id: 'o1', date: '2027-03-02', kind: 'off', start: null, end: null } },
          { status: 201 },
        );
      if (url === '/api/mentor/availability') return Response.json(DATA);
      return new Response('{}', { status: 404 });
    }),
  );
  return sent;
}

describe('AvailabilityEditor', () => {
  it('sends the days that are on as weekly rules, with the numbers', async () => {
    const sent = serve();
    renderRoutes([{ path: '/', element: <AvailabilityEditor /> }]);
    fireEvent.click(await screen.findByLabelText('Wednesday'));
    fireEvent.change(screen.getByLabelText('Wednesday end'), { target: { value: '12:00' } });
    fireEvent.change(screen.getByLabelText('Buffer between sessions (minutes)'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      timeZone: 'Africa/Lagos',
      weekly: [
        { weekday: 1, start: '09:00', end: '17:00' },
        { weekday: 3, start: '09:00', end: '12:00' },
      ],
      bufferMinutes: 30,
      minNoticeHours: 12,
      horizonDays: 30,
    });
  });

  it('says at once when a day ends before it starts and keeps Save off until it is fixed or the day is off', async () => {
    serve();
    renderRoutes([{ path: '/', element: <AvailabilityEditor /> }]);
    fireEvent.change(await screen.findByLabelText('Monday end'), { target: { value: '08:00' } });
    expect(await screen.findByText('The end must be after the start')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save schedule' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Monday'));
    await waitFor(() => expect(screen.queryByText('The end must be after the start')).toBeNull());
    expect((screen.getByRole('button', { name: 'Save schedule' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('adds extra hours on a date, refusing an end before the start with the shared message', async () => {
    const sent = serve();
    renderRoutes([{ path: '/', element: <AvailabilityEditor /> }]);
    fireEvent.change(await screen.findByLabelText('Date'), { target: { value: '2027-03-02' } });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'extra' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '17:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add date' }));
    expect(await screen.findByText('The end must be after the start')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '21:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add date' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          url: '/api/mentor/availability/overrides',
          body: { kind: 'extra', date: '2027-03-02', start: '18:00', end: '21:00' },
        },
      ]),
    );
  });
});
