// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useNavigate, useSearchParams } from 'react-router';
import { Pagination, usePageCursor } from './pagination';

/** A list as the board and the catalogue page it: the page in the URL, the cursor from "Next". */
function List({ withCursors = true }: { withCursors?: boolean }) {
  const [params] = useSearchParams();
  const page = Number(params.get('page') ?? 1);
  const cursor = usePageCursor(page);
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="asked">{`page ${page}, cursor ${cursor ?? 'none'}`}</p>
      <Pagination
        page={page}
        pageCount={5}
        hrefFor={(p) => `?page=${p}`}
        nextCursor={withCursors ? `after-${page}` : null}
      />
      <button onClick={() => void navigate(-1)}>Back</button>
      <button onClick={() => void navigate(1)}>Forward</button>
    </>
  );
}

const at = (entry: string | { pathname: string; search: string; state: unknown }, withCursors = true) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/jobs" element={<List withCursors={withCursors} />} />
      </Routes>
    </MemoryRouter>,
  );
const asked = () => screen.getByTestId('asked').textContent;
const click = (name: string) => act(() => void fireEvent.click(screen.getByRole('link', { name })));

describe('Pagination and usePageCursor', () => {
  it('asks the page "Next" opens from the cursor it carried; back and forward find their own', () => {
    at('/jobs');
    expect(asked()).toBe('page 1, cursor none');
    click('Next page');
    expect(asked()).toBe('page 2, cursor after-1');
    click('Next page');
    expect(asked()).toBe('page 3, cursor after-2');
    // "Previous" is by number: the page before has no cursor of its own to start from.
    click('Previous page');
    expect(asked()).toBe('page 2, cursor none');
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Back' })));
    expect(asked()).toBe('page 3, cursor after-2');
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Back' })));
    expect(asked()).toBe('page 2, cursor after-1');
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Forward' })));
    expect(asked()).toBe('page 3, cursor after-2');
  });

  it('keeps the page number in the link, so a shared or new-tab link asks by number', () => {
    at('/jobs?page=2');
    expect(asked()).toBe('page 2, cursor none');
    expect(screen.getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/jobs?page=3');
  });

  it('ignores a cursor left for another page, or one that is not a string', () => {
    at({ pathname: '/jobs', search: '?page=2', state: { pageCursor: { page: 3, cursor: 'after-2' } } });
    expect(asked()).toBe('page 2, cursor none');
  });

  it('asks by number after a "Next" that had no cursor (the last page, or data still loading)', () => {
    at('/jobs', false);
    click('Next page');
    expect(asked()).toBe('page 2, cursor none');
  });
});
