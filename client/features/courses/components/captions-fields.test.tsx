// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CaptionsFields } from './captions-fields';

function renderFields() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <CaptionsFields
        upload={null}
        onUpload={() => {}}
        label={(control) => <input {...control} />}
        language={(control) => <input {...control} />}
      />
    </QueryClientProvider>,
  );
}

describe('CaptionsFields', () => {
  it('gives the file picker and both text fields their own accessible names', () => {
    renderFields();
    expect(screen.getByLabelText('Captions (optional)')).toHaveProperty('type', 'file');
    expect(screen.getByRole('textbox', { name: 'Captions name' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Language code' })).toBeTruthy();
  });

  it('uses no id twice (a shared id hands one element the other’s label)', () => {
    const { container } = renderFields();
    const ids = [...container.querySelectorAll('[id]')].map((el) => el.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});
