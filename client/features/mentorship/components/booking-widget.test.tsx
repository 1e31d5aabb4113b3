// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '#client/test/render-routes';
import { BookingWidget } from './booking-widget';

const SLOTS = [
  { start: '2027-03-02T08:00:00.000Z', end: '2027-03-02T09:00:00.000Z' },
  { start: '2027-03-02T09:00:00.000Z', end: '2027-03-02T10:00:00.000Z' },
  { start: '2027-03-03T08:00:00.000Z', end: '2027-03-03T09:00:00.000Z' },
];

function serve() {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/mentors/m1/slots?'))
        return Response.json({ slots: SLOTS, timeZone: 'UTC', minutes: 60 });
      if (url === '/api/mentors/m1/attendance') return Response.json({ checked: 4, attended: 3, rate: 0.75 });
      if (url === '/api/mentorship/sessions' && init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        const person = { id: 'm1', username: 'ada', fullName: 'Ada Obi', avatarUrl: null };
        return Response.json(
          {
            session: {
              id: 's1',
              subscriptionId: 'sub1',
              mentor: person,
              mentee: { ...person, id: 'u1' },
              start: SLOTS[1]!.start,
              end: SLOTS[1]!.end,
              status: 'booked',
              role: 'mentee',
              countsAsUsed: true,
              cancelledAt: null,
              mentorNoShow: null,
              menteeNoShow: null,
              changeableUntil: SLOTS[0]!.start,
              callOpensAt: SLOTS[0]!.start,
              canJoin: false,
            },
          },
          { status: 201 },
        );
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return posts;
}

describe('BookingWidget', () => {
  it('lists free times by day, with the attendance rate; picks one and books it', async () => {
    const posts = serve();
    renderRoutes([{ path: '/', element: <BookingWidget mentorId="m1" subscriptionId="sub1" minutes={60} /> }]);
    expect(await screen.findByText(/Attendance: 75% of 4 sessions/)).toBeTruthy();
    const times = await screen.findAllByRole('button', { pressed: false });
    expect(times).toHaveLength(3);
    const confirm = screen.getByRole('button', { name: 'Confirm booking' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(times[1]!);
    expect(times[1]!.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(confirm);
    await vi.waitFor(() => expect(posts).toEqual([{ subscriptionId: 'sub1', start: SLOTS[1]!.start }]));
  });

  it('without a subscription only shows the times', async () => {
    serve();
    renderRoutes([{ path: '/', element: <BookingWidget mentorId="m1" /> }]);
    expect(await screen.findByText('Subscribe to a plan to book one of these times.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm booking' })).toBeNull();
  });
});
