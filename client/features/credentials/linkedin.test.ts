import { expect, it } from 'vitest';
import { linkedInAddUrl } from './linkedin';

it('fills in LinkedIn’s certification form with the name, issuer, month and links', () => {
  const url = new URL(
    linkedInAddUrl({
      name: 'React for Lagos retail',
      organizationName: 'Build. Learn. Earn. Thrive.',
      issuedAt: '2026-11-28T13:00:00.000Z',
      certUrl: 'https://blet.ng/credentials/abc',
      certId: 'abc',
    }),
  );
  expect(url.origin + url.pathname).toBe('https://www.linkedin.com/profile/add');
  expect(Object.fromEntries(url.searchParams)).toEqual({
    startTask: 'CERTIFICATION_NAME',
    name: 'React for Lagos retail',
    organizationName: 'Build. Learn. Earn. Thrive.',
    issueYear: '2026',
    issueMonth: '11',
    certUrl: 'https://blet.ng/credentials/abc',
    certId: 'abc',
  });
});
