// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_MS } from '#shared/constants';
import { AuthCarousel } from './auth-carousel';

/** WCAG 2.2.2: a slideshow that moves can be paused, and stands still for reduced motion. */
const caption = () => screen.getByRole('complementary', { name: 'Highlights' }).querySelectorAll('p')[1]!.textContent;

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('AuthCarousel', () => {
  it('moves on every few seconds until paused, then stands still', () => {
    prefersReducedMotion(false);
    render(<AuthCarousel />);
    const first = caption();
    act(() => vi.advanceTimersByTime(CAROUSEL_MS));
    expect(caption()).not.toBe(first);
    fireEvent.click(screen.getByRole('button', { name: 'Pause the slideshow' }));
    const paused = caption();
    act(() => vi.advanceTimersByTime(CAROUSEL_MS * 5));
    expect(caption()).toBe(paused);
    expect(screen.getByRole('button', { name: 'Play the slideshow' })).toBeTruthy();
  });

  it('stands still for whoever asked for reduced motion, until they press play', () => {
    prefersReducedMotion(true);
    render(<AuthCarousel />);
    const first = caption();
    act(() => vi.advanceTimersByTime(CAROUSEL_MS * 5));
    expect(caption()).toBe(first);
    fireEvent.click(screen.getByRole('button', { name: 'Play the slideshow' }));
    act(() => vi.advanceTimersByTime(CAROUSEL_MS));
    expect(caption()).not.toBe(first);
  });
});
