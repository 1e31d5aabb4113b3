// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TJobSummary } from '#shared/jobs/jobs.schemas';
import { JobCard } from './job-card';

const base: TJobSummary = {
  id: 'j1',
  title: 'Remote bookkeeper',
  companyName: 'Adire Analytics',
  location: 'Lagos',
  workplace: 'hybrid',
  type: 'full_time',
  experience: null,
  salaryMin: null,
  salaryMax: null,
  currency: 'NGN',
  salaryPeriod: 'month',
  skills: [{ slug: 'microsoft-excel', name: 'Microsoft Excel' }],
  status: 'open',
  deadline: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  match: { shared: 1, total: 1 },
};

const card = (job: Partial<TJobSummary>) =>
  render(
    <MemoryRouter>
      <JobCard job={{ ...base, ...job }} />
    </MemoryRouter>,
  );

describe('JobCard', () => {
  it('shows the match when the job lists skills', () => {
    card({});
    expect(screen.getByText('You match 1 of 1 skill')).toBeTruthy();
  });

  it('says nothing of a match when the job lists no skills', () => {
    card({ skills: [], match: { shared: 0, total: 0 } });
    expect(screen.queryByText(/You match/)).toBeNull();
  });

  it('says "Remote" once when the location and the work mode both say it', () => {
    card({ location: 'Remote', workplace: 'remote' });
    expect(screen.getByText('Remote · Full-time')).toBeTruthy();
  });

  it('keeps a place and its work mode', () => {
    card({});
    expect(screen.getByText('Lagos · Hybrid · Full-time')).toBeTruthy();
  });
});
