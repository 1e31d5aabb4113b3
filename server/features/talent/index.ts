import { defineModule } from '#server/platform/module';
import { escrowRoutes } from './escrow.routes';
import { gigTakesPart } from './gig-chat.repo';
import { createGigFiles, type GigFiles } from './gig-files';
import { createGigsService, type GigsService } from './gigs.service';
import { createPortfolioService, type PortfolioService } from './portfolio.service';
import { gigActivity, gigDisputesQueue, gigFigures } from './talent-admin';
import { talentLinkPreview } from './talent-preview';
import { eraseTalent, exportTalent } from './talent.privacy';
import { registerTalentJobs } from './talent.queue';
import { gigsRoutes, talentRoutes } from './talent.routes';
import { createTalentService, type TalentService } from './talent.service';

declare module '../../platform/module' {
  interface ModuleMap {
    talent: { gigs: GigsService; talent: TalentService; portfolio: PortfolioService; gigFiles: GigFiles };
  }
}

export const talentModule = defineModule({
  name: 'talent',
  needs: ['accounts', 'notifications', 'uploads', 'skills', 'profiles', 'chat', 'certificates', 'payments', 'wallet'],
  about:
    'The talent directory, freelance gigs with bids, delivery, reviews and disputes, escrow with milestones, portfolios, invitations to bid.',
  build: (p, { accounts, notifications, uploads, skills, profiles, chat, certificates, payments, wallet }) => {
    const { db, now, realtime } = p;
    // A gig's attachments are read as the gig is; its delivery files by its poster and talent.
    const gigFiles = createGigFiles({ db, uploads });
    const gigs = createGigsService({
      db,
      realtime,
      notifications,
      jobs: p.queue,
      skills,
      profiles,
      chat,
      files: gigFiles,
      payments,
      wallet,
      accounts,
      audit: p.audit,
      appUrl: p.config.appUrl,
      now,
      log: p.log,
    });
    const portfolio = createPortfolioService({ db, uploads, now });
    return {
      gigs,
      portfolio,
      talent: createTalentService({ db, skills, gigs, portfolio, notifications, chat, certificates, realtime, now }),
      gigFiles,
    };
  },
  contributes: ({ gigs, portfolio, gigFiles: files }, _deps, p) => ({
    linkPreviews: [talentLinkPreview(p.db, p.now)],
    chatContexts: [
      {
        kind: 'gig',
        takePart: (memberIds, id, tx) => gigTakesPart(tx, id, memberIds),
        refusal:
          'A conversation can be about a gig only between its poster and a member who bid on it or was invited to.',
      },
    ],
    uploadAccess: {
      readers: [(user, id) => files.mayReadUpload(user, id)],
      referrers: [(ids, tx) => files.uploadsInUse(ids, tx), (ids, tx) => portfolio.uploadsInUse(ids, tx)],
    },
    adminQueues: [gigDisputesQueue(gigs)],
    purchaseKinds: [gigs.milestonePurchase],
    dailyFigures: gigFigures,
    memberActivity: gigActivity,
    privacy: {
      exporters: { talent: (userId, tx) => exportTalent(userId, tx) },
      erasers: { talent: (userId, tx) => eraseTalent(userId, tx) },
    },
  }),
  queue: (jobs, { gigs }) => registerTalentJobs(jobs, gigs),
  routes: (s) => [(app) => gigsRoutes(app, s), (app) => talentRoutes(app, s), (app) => escrowRoutes(app, s)],
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { completedGigsAsking, gigsCompletedBy } from './track-record.repo';
