import { describe, expect, it } from 'vitest';
import { LOCATION_CODES } from './locations';
import { ZHttpUrl, ZProfileUpdate } from './profiles.schemas';

describe('profile fields', () => {
  it('offers the 36 states, the FCT and Remote/abroad', () => {
    expect(LOCATION_CODES).toHaveLength(38);
    expect(LOCATION_CODES).toEqual(expect.arrayContaining(['lagos', 'fct', 'remote']));
  });

  it.each([
    ['https://github.com/ada', true],
    ['http://ada.example.ng/portfolio?x=1', true],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['ftp://files.example.com', false],
    ['https://localhost', false],
    ['github.com/ada', false],
    [`https://example.com/${'a'.repeat(300)}`, false],
  ])('link %s → %s', (url, ok) => {
    expect(ZHttpUrl.safeParse(url).success).toBe(ok);
  });

  it('names each bad field, and leaves out what was not sent', () => {
    const bad = ZProfileUpdate.safeParse({
      fullName: 'Al',
      location: 'mars',
      languages: ['en', 'en'],
      links: { github: 'nope' },
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'fullName',
      'languages',
      'links.github',
      'location',
    ]);
    expect(ZProfileUpdate.parse({ headline: ' Baker ' })).toEqual({ headline: 'Baker' });
    expect(ZProfileUpdate.parse({ location: null, avatarUploadId: null })).toEqual({
      location: null,
      avatarUploadId: null,
    });
  });
});
