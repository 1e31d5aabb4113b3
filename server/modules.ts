import { accountsModule } from './features/accounts';
import { adminModule } from './features/admin';
import { authModule } from './features/auth';
import { callsModule } from './features/calls';
import { certificatesModule } from './features/certificates';
import { chatModule } from './features/chat';
import { coursesModule } from './features/courses';
import { credentialsModule } from './features/credentials';
import { jobsModule } from './features/jobs';
import { mentorshipModule } from './features/mentorship';
import { notificationsModule } from './features/notifications';
import { opsModule } from './features/ops';
import { passportModule } from './features/passport';
import { paymentsModule } from './features/payments';
import { privacyModule } from './features/privacy';
import { profilesModule } from './features/profiles';
import { reportsModule } from './features/reports';
import { shareModule } from './features/share';
import { rolesModule } from './features/roles';
import { skillsModule } from './features/skills';
import { talentModule } from './features/talent';
import { uploadsModule } from './features/uploads';
import { walletModule } from './features/wallet';
import type { AnyModule } from './platform/module';

/**
 * The platform's areas. Each is built after what it needs (server/platform/compose.ts); otherwise
 * in this order, which is also the order of their contributions (privacy's sections and erasers,
 * the console's figures and member activity). A new area is one line here.
 */
export const modules: readonly AnyModule[] = [
  accountsModule,
  authModule,
  notificationsModule,
  uploadsModule,
  privacyModule,
  shareModule,
  credentialsModule,
  certificatesModule,
  skillsModule,
  coursesModule,
  profilesModule,
  rolesModule,
  paymentsModule,
  walletModule,
  callsModule,
  chatModule,
  reportsModule,
  jobsModule,
  talentModule,
  mentorshipModule,
  passportModule,
  adminModule,
  opsModule,
];
