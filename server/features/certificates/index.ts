import { defineModule } from '#server/platform/module';
import { certificateLinkPreview } from './certificate-preview';
import { certificatesPrivacyRepo } from './certificates-privacy.repo';
import { certificatesRoutes } from './certificates.routes';
import { createCertificatesService, type CertificatesService } from './certificates.service';

declare module '../../platform/module' {
  interface ModuleMap {
    certificates: { certificates: CertificatesService };
  }
}

export const certificatesModule = defineModule({
  name: 'certificates',
  needs: ['credentials'],
  about: 'Course certificates: the PDF and the public verification page.',
  build: (p, { credentials }) => ({
    certificates: createCertificatesService({ db: p.db, appUrl: p.config.appUrl, credentials, now: p.now }),
  }),
  contributes: ({ certificates }) => ({
    linkPreviews: [certificateLinkPreview(certificates)],
    privacy: {
      exporters: { certificates: (userId, tx) => certificatesPrivacyRepo.export(tx, userId) },
      erasers: { certificates: (userId, tx) => certificatesPrivacyRepo.erase(tx, userId) },
    },
  }),
  routes: ({ certificates }) => [(app) => certificatesRoutes(app, { certificates })],
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { certificatePagePath, type CertificatesService } from './certificates.service';
