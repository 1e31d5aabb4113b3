// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AuthTabs } from './auth-tabs';

function Switch() {
  const [value, setValue] = useState<'login' | 'register'>('login');
  return (
    <AuthTabs
      value={value}
      onValueChange={setValue}
      label="Login or register"
      tabs={[
        { value: 'login', label: 'Login', panel: <p>login form</p> },
        { value: 'register', label: 'Register', panel: <p>register form</p> },
      ]}
    />
  );
}

describe('AuthTabs', () => {
  it('is a tab list with one tab stop, moved and activated by the arrow keys, Home and End', () => {
    render(<Switch />);
    const login = screen.getByRole('tab', { name: 'Login' });
    const register = screen.getByRole('tab', { name: 'Register' });
    expect(screen.getByRole('tablist', { name: 'Login or register' })).toBeTruthy();
    expect(login.getAttribute('aria-selected')).toBe('true');
    expect([login.tabIndex, register.tabIndex]).toEqual([0, -1]);
    expect(screen.getByRole('tabpanel', { name: 'Login' }).textContent).toBe('login form');

    login.focus();
    fireEvent.keyDown(login, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(register);
    expect(register.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Register' }).textContent).toBe('register form');
    expect(screen.queryByText('login form')).toBeNull();

    fireEvent.keyDown(register, { key: 'Home' });
    expect(document.activeElement).toBe(login);
    fireEvent.keyDown(login, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(register);
    fireEvent.click(screen.getByRole('tab', { name: 'Login' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('login form');
  });
});
