// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TAssignment } from '#shared/courses/assessments.schemas';
import { renderRoutes } from '#client/test/render-routes';
import { AssignmentView } from './assignment-view';

const ASSIGNMENT: TAssignment = { lessonId: 'l1', dueAt: null, dueDays: null, myDueAt: null, submission: null };
const PATH = '/api/courses/c1/lessons/l1/assignment';

function serve() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === `${PATH}/submissions` && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return Response.json(
          { error: 'Enter a full link', code: 'VALIDATION', fields: { url: 'From the server' } },
          { status: 400 },
        );
      }
      if (url === PATH) return Response.json(ASSIGNMENT);
      return new Response('{}', { status: 404 });
    }),
  );
  return sent;
}

const view = <AssignmentView courseId="c1" lessonId="l1" canSubmit />;

describe('AssignmentView', () => {
  it('refuses an empty answer with the shared message and sends nothing', async () => {
    const sent = serve();
    renderRoutes([{ path: '/', element: view }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Hand in' }));
    expect(await screen.findByText('Write your answer')).toBeTruthy();
    expect(screen.getByLabelText('Your answer').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(0);
  });

  it('hands in a link as the chosen kind, keeping the typed answer, and shows the server field message', async () => {
    const sent = serve();
    renderRoutes([{ path: '/', element: view }]);
    fireEvent.change(await screen.findByLabelText('Your answer'), { target: { value: 'Draft' } });
    fireEvent.click(screen.getByLabelText('Link'));
    fireEvent.change(screen.getByLabelText('Link to your work'), { target: { value: 'ftp://x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hand in' }));
    expect(await screen.findByText('Enter a full link, starting with https://')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Link to your work'), { target: { value: ' https://example.com/work ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hand in' }));
    await waitFor(() => expect(sent).toEqual([{ kind: 'link', url: 'https://example.com/work' }]));
    expect(await screen.findByText('From the server')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Text'));
    expect((screen.getByLabelText('Your answer') as HTMLTextAreaElement).value).toBe('Draft');
  });

  it('keeps Hand in off for a file until one is uploaded', async () => {
    serve();
    renderRoutes([{ path: '/', element: view }]);
    fireEvent.click(await screen.findByLabelText('PDF'));
    expect((screen.getByRole('button', { name: 'Hand in' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
