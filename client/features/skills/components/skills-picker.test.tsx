// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSkillRef } from '#shared/skills/skills.schemas';
import { SkillsPicker } from './skills-picker';

const VOCABULARY: TSkillRef[] = [
  { slug: 'javascript', name: 'JavaScript' },
  { slug: 'java', name: 'Java' },
];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST')
        return new Response(JSON.stringify({ slug: 'kente', name: 'kente' }), { status: 201 });
      const q = new URL(url, 'http://x').searchParams.get('q')!.toLowerCase();
      return new Response(
        JSON.stringify({
          skills: VOCABULARY.filter((s) => s.slug.startsWith(q) || (q === 'js' && s.slug === 'javascript')),
        }),
        { status: 200 },
      );
    }),
  );
});
function Picker({ initial = [] as TSkillRef[] }) {
  const [value, setValue] = useState(initial);
  return <SkillsPicker id="skills" label="Skills" value={value} onChange={setValue} />;
}

const visit = (initial?: TSkillRef[]) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Picker initial={initial} />
    </QueryClientProvider>,
  );
const chips = () => screen.getByRole('list', { name: 'Chosen skills' }).querySelectorAll('li');

describe('SkillsPicker', () => {
  it('is a combobox whose listbox the arrows walk and Enter picks from', async () => {
    visit();
    const box = screen.getByRole('combobox', { name: 'Skills' });
    fireEvent.change(box, { target: { value: 'ja' } });
    expect(await screen.findByRole('option', { name: 'JavaScript' })).toBeTruthy();
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const active = box.getAttribute('aria-activedescendant')!;
    expect(document.getElementById(active)!.textContent).toBe('Java');
    expect(document.getElementById(active)!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect([...chips()].map((li) => li.textContent)).toEqual(['Java']);
    expect((document.querySelector('input[type="hidden"][name="skills"]') as HTMLInputElement).value).toBe('java');
  });

  it('removes the last chip with Backspace in an empty box', () => {
    visit(VOCABULARY);
    const box = screen.getByRole('combobox', { name: 'Skills' });
    fireEvent.keyDown(box, { key: 'Backspace' });
    expect([...chips()].map((li) => li.textContent)).toEqual(['JavaScript']);
  });

  it('offers to add what matches nothing as a new skill', async () => {
    visit();
    const box = screen.getByRole('combobox', { name: 'Skills' });
    fireEvent.change(box, { target: { value: 'Kente' } });
    const add = await screen.findByRole('option', { name: 'Add “Kente” as a new skill' });
    fireEvent.mouseDown(add);
    await waitFor(() => expect([...chips()].map((li) => li.textContent)).toEqual(['kente']));
  });
});
