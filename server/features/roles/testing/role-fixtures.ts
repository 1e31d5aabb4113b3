import type { TUpload } from '#shared/uploads/uploads.schemas';
import type { Harness } from '#server/test/harness';
import type { Actor } from '#server/features/courses/testing/course-fixtures';
import { multipart } from '#server/features/uploads/testing/upload-requests';

/** A PDF by its bytes, `size` bytes long. */
export const pdf = (size = 2_000) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x20)]);

/** POST /api/uploads as `who`: the response, to read the status or the upload. */
export async function upload(h: Harness, who: Actor, kind: 'image' | 'document', content: Buffer, filename: string) {
  const { payload, headers } = multipart(content, filename);
  return h.app.inject({
    method: 'POST',
    url: `/api/uploads?kind=${kind}`,
    payload,
    headers: { ...headers, cookie: who.cookie },
  });
}

export async function uploaded(
  h: Harness,
  who: Actor,
  kind: 'image' | 'document',
  content: Buffer,
  filename: string,
): Promise<TUpload> {
  const res = await upload(h, who, kind, content, filename);
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const employerInput = (over: object = {}) => ({
  companyName: 'Lagos Logistics Ltd',
  logoUploadId: null,
  website: 'https://lagoslogistics.ng',
  about: 'Same-day delivery across Lagos.',
  sizeBand: '11-50',
  ...over,
});

export const talentInput = (over: object = {}) => ({
  hourlyRateMinor: 1_500_000,
  currency: 'NGN',
  availability: 'available_now',
  availableFrom: null,
  ...over,
});

export const seekerInput = (over: object = {}) => ({
  openToWork: true,
  desiredRoles: ['Data analyst'],
  cvUploadId: null,
  ...over,
});

/** Takes roles through the service, as the member would from /profile. */
export async function holding(
  h: Harness,
  who: Actor,
  roles: Array<'employer' | 'talent' | 'job_seeker' | 'tutor'>,
): Promise<Actor> {
  let user = who.user;
  for (const role of roles) user = await h.services.roles.take(user, role);
  return { ...who, user };
}
