import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { TestClock } from 'pg-boss';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './env';
import { openDatabase, type Database } from './db/client';
import { createMailer, type Mailer } from './lib/mailer';
import { registerMailJobs } from './lib/mail.jobs';
import { createJobsService, type JobsService } from './jobs/jobs.service';
import { createLogs } from './lib/logger';
import { registerErrorHandler } from './plugins/error-handler';
import { registerRequestLog } from './plugins/request-log';
import { registerNulGuard } from './plugins/nul-guard';
import { registerMemberLimits } from './plugins/member-limits';
import { documentComponents, documentErrors } from './plugins/error-answers';
import { registerSecurity } from './plugins/security';
import { registerSpa } from './plugins/spa';
import { registerCompression } from './plugins/compression';
import { healthRoutes } from './plugins/health';
import { createAccountsService, type AccountsService } from './features/accounts/accounts.service';
import { createAuthService, type AuthService } from './features/auth/auth.service';
import { authRoutes } from './features/auth/auth.routes';
import { registerAuthJobs } from './features/auth/auth.jobs';
import { createNotificationsService, type NotificationsService } from './features/notifications/notifications.service';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { registerNotificationsJobs } from './features/notifications/notifications.jobs';
import { createAdminService, type AdminService } from './features/admin/admin.service';
import { adminRoutes } from './features/admin/admin.routes';
import { createUploadsService, type UploadsService } from './features/uploads/uploads.service';
import { uploadsRoutes } from './features/uploads/uploads.routes';
import { createStorage } from './lib/storage';
import { enqueueImageConversion, registerUploadsJobs } from './features/uploads/uploads.jobs';
import { createCertificatesService, type CertificatesService } from './features/certificates/certificates.service';
import { certificatesRoutes } from './features/certificates/certificates.routes';
import { createCoursesService, type CoursesService } from './features/courses/courses.service';
import { createCourseContentService, type CourseContentService } from './features/courses/course-content.service';
import { createCourseLearningService, type CourseLearningService } from './features/courses/course-learning.service';
import { createCourseReviewsService, type CourseReviewsService } from './features/courses/course-reviews.service';
import { coursesRoutes } from './features/courses/courses.routes';
import { courseContentRoutes } from './features/courses/course-content.routes';
import { courseLearningRoutes } from './features/courses/course-learning.routes';
import { courseAdminRoutes } from './features/courses/course-admin.routes';
import { coursePurchase } from './features/courses/course-purchase';
import { createGateways } from './features/payments/gateways';
import { createPaymentsService, type PaymentsService } from './features/payments/payments.service';
import { paymentsRoutes } from './features/payments/payments.routes';
import { registerPaymentsJobs } from './features/payments/payments.jobs';
import { paymentsAdminRoutes } from './features/payments/payments-admin.routes';
import { testGatewayRoutes } from './features/payments/test-gateway.routes';
import { webhooksRoutes } from './features/payments/webhooks.routes';
import { attachRealtimeServer } from './realtime/realtime-server';
import { createRealtimeService, type RealtimeService } from './realtime/realtime.service';

export interface Services {
  jobs: JobsService;
  accounts: AccountsService;
  auth: AuthService;
  realtime: RealtimeService;
  notifications: NotificationsService;
  admin: AdminService;
  uploads: UploadsService;
  certificates: CertificatesService;
  courses: CoursesService;
  courseContent: CourseContentService;
  courseLearning: CourseLearningService;
  courseReviews: CourseReviewsService;
  payments: PaymentsService;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    services: Services;
    rateLimitScale: number;
  }
}

export interface BuildOptions {
  config: Config;
  /** An open database; without it one is opened (and migrated) from the config. */
  database?: Database;
  mailer?: Mailer;
  /** The clock: tests move it to check expiries. */
  now?: () => Date;
  /** Tests: the job queue's clock, moved to `now()` when the test runs due jobs. */
  jobsClock?: TestClock;
  /** Tests: handlers of jobs of their own, registered before the queue starts. */
  testJobs?: (jobs: JobsService) => void;
  /** A logger (main.ts makes one to close it last); false for none; by default one on stdout. */
  logger?: false | FastifyBaseLogger;
}

/**
 * Fastify ignores a bare hop count, and `true` would take the leftmost X-Forwarded-For entry,
 * which the client writes: a hop count becomes "trust the nearest N hops".
 */
function trustProxyOption(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    ...(opts.logger === false ? { logger: false } : { loggerInstance: opts.logger ?? createLogs({ level: config.logLevel }).logger }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // One line per request instead of Fastify's two (plugins/request-log.ts).
    disableRequestLogging: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestLog(app);
  registerNulGuard(app);

  const ownsDatabase = !opts.database;
  const database =
    opts.database ??
    (await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pglite` }));
  if (ownsDatabase) await database.migrate();
  const mailer = opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  const now = opts.now ?? (() => new Date());

  const jobs = createJobsService({ database, log: app.log, now, worker: config.jobsWorker, testClock: opts.jobsClock });
  const accounts = createAccountsService(database.db, now);
  const auth = createAuthService({ db: database.db, accounts, jobs, mailer, appUrl: config.appUrl, now, limitScale: config.rateLimitScale });
  app.decorate('database', database);
  const io = await attachRealtimeServer(app, {
    appUrl: config.appUrl,
    allowedOrigins: config.allowedOrigins,
    redisUrl: config.redisUrl,
    authenticate: (token) => auth.authenticate(token),
    now,
  });
  const realtime = createRealtimeService({ io, log: app.log, now, lastSeen: accounts, shared: Boolean(config.redisUrl) });
  const notifications = createNotificationsService({ db: database.db, realtime, jobs, appUrl: config.appUrl });
  const admin = createAdminService({ db: database.db, notifications });
  const uploads = createUploadsService({ db: database.db, storage: createStorage(config), quotas: config.uploadQuotas, now });
  const certificates = createCertificatesService({ db: database.db, appUrl: config.appUrl, now });
  const courses = createCoursesService({ db: database.db, accounts, notifications, realtime, uploads, admin, now });
  const courseContent = createCourseContentService({ db: database.db, uploads, realtime });
  const courseLearning = createCourseLearningService({ db: database.db, accounts, uploads, notifications, certificates, realtime, now });
  const courseReviews = createCourseReviewsService({ db: database.db, realtime, now });
  // Lesson videos and attachments are a course's to give: courses say who may fetch them.
  uploads.addReader((user, uploadId) => courseLearning.mayReadUpload(user, uploadId));
  uploads.addReferrer((ids, tx) => courseContent.uploadsInUse(ids, tx));
  const payments = createPaymentsService({
    db: database.db,
    gateways: createGateways(config.payments, { db: database.db, appUrl: config.appUrl, now }),
    kinds: [coursePurchase],
    accounts,
    notifications,
    realtime,
    jobs,
    admin,
    feePercent: config.payments.feePercent,
    appUrl: config.appUrl,
    now,
    log: app.log,
  });
  // Background jobs: each feature registers its handlers and schedules (its <f>.jobs.ts), then
  // the queue starts. Every process registers every job, whether or not it works them.
  registerMailJobs(jobs, mailer);
  registerAuthJobs(jobs, auth);
  registerNotificationsJobs(jobs, notifications);
  registerPaymentsJobs(jobs, payments);
  registerUploadsJobs(jobs, uploads);
  opts.testJobs?.(jobs);
  // Jobs stop (running ones finish) before the mailer and the database go. Hooked before the
  // queue starts, so that closing an app whose later plugin or listen failed stops its worker.
  app.addHook('preClose', () => jobs.stop());
  app.addHook('onClose', async () => {
    mailer.close();
    if (ownsDatabase) await database.close();
  });
  await jobs.start();
  await enqueueImageConversion(jobs, database.db);
  app.decorate('services', {
    jobs,
    accounts,
    auth,
    realtime,
    notifications,
    admin,
    uploads,
    certificates,
    courses,
    courseContent,
    courseLearning,
    courseReviews,
    payments,
  });
  app.decorate('rateLimitScale', config.rateLimitScale);
  app.decorate('secureCookies', config.appUrl.startsWith('https://'));
  app.decorateRequest('user', null);
  app.decorateRequest('sessionExpiresAt', null);

  await registerSecurity(app, { appUrl: config.appUrl, allowedOrigins: config.allowedOrigins, secureCookies: app.secureCookies });
  await registerCompression(app);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  registerMemberLimits(app);
  await app.register(swagger, {
    openapi: { info: { title: 'Build. Learn. Earn. Thrive. API', version: '0.1.0' } },
    // Every operation's error answers and the shared ErrorBody component (decision 015).
    transform: documentErrors,
    transformObject: documentComponents,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(notificationsRoutes);
  await app.register(adminRoutes);
  await app.register(uploadsRoutes);
  await app.register(coursesRoutes);
  await app.register(courseContentRoutes);
  await app.register(courseLearningRoutes);
  await app.register(courseAdminRoutes);
  await app.register(certificatesRoutes);
  await app.register(paymentsRoutes);
  await app.register(paymentsAdminRoutes);
  await app.register(testGatewayRoutes);
  await app.register(webhooksRoutes);
  await registerSpa(app, config.clientDir);
  return app;
}
