// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#client/lib/query-client';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

function wrap(ui: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('LoginForm', () => {
  it("shows the spec's messages under the fields and sends nothing", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    wrap(<LoginForm />);

    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const username = await screen.findByText('Username must be at least 3 characters');
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    const input = screen.getByLabelText('Username');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(username.id);
    expect(input.getAttribute('name')).toBe('username');
    expect(input.getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('focuses the first field in error, and rechecks a field as it changes once submitted', async () => {
    vi.stubGlobal('fetch', vi.fn());
    wrap(<LoginForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByText('Username must be at least 3 characters');
    const username = screen.getByLabelText('Username');
    expect(document.activeElement).toBe(username);
    fireEvent.change(username, { target: { value: 'ada_l' } });
    await vi.waitFor(() => expect(screen.queryByText('Username must be at least 3 characters')).toBeNull());
    expect(username.getAttribute('aria-invalid')).toBeNull();
    // The other field's message stays until that field changes.
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
  });

  it("sends the schema's output (trimmed) and puts the server's field messages under the inputs", async () => {
    const fetchMock = vi.fn().mockResolvedValue(
      new Response(JSON.stringify({ error: 'Invalid input', fields: { username: 'No such member here' } }), {
        status: 400,
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    wrap(<LoginForm />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: '  ada_l ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('No such member here')).toBeTruthy();
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).toEqual({ username: 'ada_l', password: 'secret12' });
  });

  it('links to the password reset page', () => {
    wrap(<LoginForm />);
    expect(screen.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe('/reset-password');
  });
});

describe('RegisterForm', () => {
  it('checks the email, full name, matching passwords and the terms', async () => {
    vi.stubGlobal('fetch', vi.fn());
    wrap(<RegisterForm onRegistered={() => {}} />);

    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ada_l' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Al' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Full name must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('You must agree to the Terms and Conditions and Privacy Policy')).toBeTruthy();
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends role general and reports the new account', async () => {
    const created = { id: '1', username: 'ada_l', email: 'ada@example.com' };
    const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify(created), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const onRegistered = vi.fn();
    wrap(<RegisterForm onRegistered={onRegistered} />);

    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ada_l' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret12' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret12' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await vi.waitFor(() => expect(onRegistered).toHaveBeenCalled());
    const body = JSON.parse(fetchMock.mock.calls[0]![1].body as string);
    expect(body).toEqual({
      username: 'ada_l',
      email: 'ada@example.com',
      fullName: 'Ada Lovelace',
      password: 'secret12',
      agreeToTerms: true,
      role: 'general',
    });
    expect(onRegistered.mock.calls[0]![0]).toMatchObject({ email: 'ada@example.com' });
  });
});
