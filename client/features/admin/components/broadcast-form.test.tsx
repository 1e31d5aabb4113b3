// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#client/lib/query-client';
import { BroadcastForm } from './broadcast-form';

const wrap = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BroadcastForm />
    </QueryClientProvider>,
  );

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('BroadcastForm', () => {
  it('sends the broadcast without an empty link, then clears every field', async () => {
    const fetchMock = vi.fn(async () => new Response('{"id":"b1","recipients":4}', { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    wrap();
    fill('Title', 'Maintenance');
    fill('Message', 'Sunday 02:00');
    fill('Type', 'system_update');
    fireEvent.click(screen.getByLabelText('Members holding any of these roles'));
    fireEvent.click(screen.getByLabelText('Mentor'));
    fireEvent.click(screen.getByLabelText('Job seeker'));
    fill('Link (optional)', '/courses');
    fill('Link (optional)', '');
    fireEvent.click(screen.getByRole('button', { name: 'Send broadcast' }));
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/broadcasts');
    expect(JSON.parse(String(init.body))).toEqual({
      title: 'Maintenance',
      message: 'Sunday 02:00',
      type: 'system_update',
      roles: ['mentor', 'job_seeker'],
    });
    await waitFor(() => expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('admin_broadcast');
    expect((screen.getByLabelText('Everyone (admins excluded)') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('group', { name: 'Roles' })).toBeNull();
  });

  it('sends an announcement to everyone by default, and never offers admins as a target', async () => {
    const fetchMock = vi.fn(async () => new Response('{"id":"b1","recipients":4}', { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    wrap();
    fireEvent.click(screen.getByLabelText('Members holding any of these roles'));
    expect(screen.queryByLabelText('Admin')).toBeNull();
    fireEvent.click(screen.getByLabelText('Everyone (admins excluded)'));
    fill('Title', 'Hello');
    fill('Message', 'World');
    fireEvent.click(screen.getByRole('button', { name: 'Send broadcast' }));
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ title: 'Hello', message: 'World', type: 'admin_broadcast' });
  });

  it('asks for a role when the target is some roles and none is ticked', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    wrap();
    fill('Title', 'Hello');
    fill('Message', 'World');
    fireEvent.click(screen.getByLabelText('Members holding any of these roles'));
    fireEvent.click(screen.getByRole('button', { name: 'Send broadcast' }));
    expect(await screen.findByText('Choose at least one role')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('clears a link it sent', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"id":"b1","recipients":4}', { status: 201 })),
    );
    wrap();
    fill('Title', 'Maintenance');
    fill('Message', 'Sunday 02:00');
    fill('Link (optional)', '/notifications');
    fireEvent.click(screen.getByRole('button', { name: 'Send broadcast' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send now' }));
    await waitFor(() => expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText('Link (optional)') as HTMLInputElement).value).toBe('');
  });

  it("puts the server's field messages under the fields", async () => {
    const body = { error: 'Check the form', code: 'VALIDATION_FAILED', fields: { title: 'Title is too shouty' } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 400 })),
    );
    wrap();
    fill('Title', 'HELLO');
    fill('Message', 'World');
    fireEvent.click(screen.getByRole('button', { name: 'Send broadcast' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Title is too shouty')).toBeTruthy();
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
  });
});
