// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { TPortfolioItem } from '#shared/talent/talent.schemas';
import { PortfolioGallery } from './portfolio-gallery';

const image = (n: number) => ({
  id: `img-${n}`,
  kind: 'image' as const,
  url: `/uploads/img-${n}.png`,
  srcset: null,
  name: `shot-${n}.png`,
  contentType: 'image/png',
  size: 1000,
  private: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const item: TPortfolioItem = {
  id: 'item-1',
  title: 'Menu for a buka',
  description: 'A two-page menu in Yoruba and English.',
  link: null,
  images: [1, 2, 3].map(image),
  createdAt: '2026-01-01T00:00:00.000Z',
};

function Page() {
  const [shown, setShown] = useState<number | null>(null);
  return (
    <>
      <button type="button" onClick={() => setShown(1)}>
        Open image 2
      </button>
      <PortfolioGallery item={item} index={shown} onIndexChange={setShown} />
    </>
  );
}

async function openAtSecond() {
  const opener = screen.getByRole('button', { name: 'Open image 2' });
  opener.focus();
  fireEvent.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Menu for a buka' });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return { opener, dialog };
}
const counter = () => screen.getByTestId('gallery-counter').textContent;
const shownAlt = () => screen.getByRole('img').getAttribute('alt');

// jsdom has no PointerEvent: without one, fired pointer events lose their coordinates.
if (!('PointerEvent' in window)) Object.assign(window, { PointerEvent: class extends MouseEvent {} });

describe('PortfolioGallery', () => {
  it('opens at the image chosen, with its counter, alt text, title and description', async () => {
    render(<Page />);
    const { dialog } = await openAtSecond();
    expect(counter()).toBe('2 of 3');
    expect(shownAlt()).toBe('Menu for a buka, image 2 of 3');
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
      'A two-page menu in Yoruba and English.',
    );
  });

  it('moves with the arrow keys and stops at either end', async () => {
    render(<Page />);
    const { dialog } = await openAtSecond();
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'ArrowRight' });
    expect(counter()).toBe('3 of 3');
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'ArrowRight' });
    expect(counter()).toBe('3 of 3');
    for (let i = 0; i < 3; i++) fireEvent.keyDown(document.activeElement ?? dialog, { key: 'ArrowLeft' });
    expect(counter()).toBe('1 of 3');
    expect(shownAlt()).toBe('Menu for a buka, image 1 of 3');
    expect((screen.getByRole('button', { name: 'Previous image' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('takes focus inside, closes on Escape and returns focus to the thumbnail', async () => {
    render(<Page />);
    const { opener, dialog } = await openAtSecond();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(dialog.isConnected).toBe(false);
  });

  it('moves on a sideways swipe, not on a short or vertical one', async () => {
    render(<Page />);
    await openAtSecond();
    const stage = screen.getByRole('img').parentElement!;
    const swipe = (dx: number, dy = 0) => {
      fireEvent.pointerDown(stage, { clientX: 200, clientY: 300 });
      fireEvent.pointerUp(stage, { clientX: 200 + dx, clientY: 300 + dy });
    };
    swipe(-120);
    expect(counter()).toBe('3 of 3');
    swipe(20);
    expect(counter()).toBe('3 of 3');
    swipe(60, 200);
    expect(counter()).toBe('3 of 3');
    swipe(120);
    expect(counter()).toBe('2 of 3');
  });
});
