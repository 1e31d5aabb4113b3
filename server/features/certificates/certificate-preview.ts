import { AppError } from '#server/lib/errors';
import type { LinkPreviewSource } from '../share';
import type { CertificatesService } from './certificates.service';

const day = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Lagos',
});

/**
 * /certificates/{code}'s preview (issue 26): what its public page shows anyone holding the code,
 * so a learner's post on LinkedIn names the course and them. An unknown code previews as the site.
 */
export function certificateLinkPreview(certificates: CertificatesService): LinkPreviewSource {
  return {
    path: /^\/certificates\/([^/]+)$/,
    async find(code) {
      try {
        const c = await certificates.getPublic(code);
        return {
          title: `${c.learnerName} completed ${c.courseTitle}`,
          description: `Certificate ${c.code}, issued ${day.format(new Date(c.issuedAt))}${c.tutorName ? `, taught by ${c.tutorName}` : ''}. Verify it here.`,
          type: 'article',
        };
      } catch (err) {
        if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
        throw err;
      }
    },
  };
}
