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
import { registerMailJobs } from './lib/mail.queue';
import { createQueue, type QueueService } from './queue/queue.service';
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
import { registerAuthJobs } from './features/auth/auth.queue';
import { createSecurityService, type SecurityService } from './features/auth/security.service';
import { securityRoutes } from './features/auth/security.routes';
import { createNotificationsService, type NotificationsService } from './features/notifications/notifications.service';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { registerNotificationsJobs } from './features/notifications/notifications.queue';
import { createAdminService, type AdminService } from './features/admin/admin.service';
import { adminRoutes } from './features/admin/admin.routes';
import { adminConsoleRoutes } from './features/admin/admin-console.routes';
import { appealsRoutes } from './features/admin/appeals.routes';
import { createAdminQueues, type AdminQueues } from './features/admin/admin-queues';
import { createAdminStats, type AdminStats } from './features/admin/admin-stats';
import { createAdminConfirm, type AdminConfirm } from './features/admin/admin-confirm';
import { adminGate } from './features/admin/admin-gate';
import { registerAdminJobs } from './features/admin/admin.queue';
import { courseActivity, courseReviewQueue, enrolmentFigures } from './features/courses/course-admin-queue';
import { mentorshipRevenueFigures, paymentActivity, refundQueue, revenueFigures } from './features/payments/payments-admin-queue';
import { reportsQueue } from './features/reports/reports-admin-queue';
import { createUploadsService, type UploadsService } from './features/uploads/uploads.service';
import { uploadsRoutes } from './features/uploads/uploads.routes';
import { createStorage } from './lib/storage';
import { enqueueImageConversion, registerUploadsJobs } from './features/uploads/uploads.queue';
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
import { lessonQaRoutes } from './features/courses/lesson-qa.routes';
import { lessonQaReportKinds } from './features/courses/lesson-qa-reports';
import { createLessonQaService, type LessonQaService } from './features/courses/lesson-qa.service';
import { coursePurchase } from './features/courses/course-purchase';
import { createAssessments, withAssignmentReminders } from './features/courses/assessments';
import type { QuizzesService } from './features/courses/quizzes.service';
import type { AssignmentsService } from './features/courses/assignments.service';
import { assessmentsRoutes } from './features/courses/assessments.routes';
import { registerAssignmentsJobs } from './features/courses/assignments.queue';
import { createGateways } from './features/payments/gateways';
import { createPaymentsService, type PaymentsService } from './features/payments/payments.service';
import { paymentsRoutes } from './features/payments/payments.routes';
import { registerPaymentsJobs } from './features/payments/payments.queue';
import { paymentsAdminRoutes } from './features/payments/payments-admin.routes';
import { testGatewayRoutes } from './features/payments/test-gateway.routes';
import { webhooksRoutes } from './features/payments/webhooks.routes';
import { createSkillsService, type SkillsService } from './features/skills/skills.service';
import { skillsRoutes } from './features/skills/skills.routes';
import { createProfilesService, type ProfilesService } from './features/profiles/profiles.service';
import { profilesRoutes } from './features/profiles/profiles.routes';
import { createChatService, type ChatService } from './features/chat/chat.service';
import { createChatSafety, type ChatSafety } from './features/chat/chat-safety';
import { chatRoutes } from './features/chat/chat.routes';
import { registerChatJobs } from './features/chat/chat.queue';
import { registerChatRealtime } from './features/chat/chat-realtime';
import { memberReportKind, messageReportKind } from './features/chat/chat-reports';
import { createReportsService, type ReportsService } from './features/reports/reports.service';
import { reportsRoutes } from './features/reports/reports.routes';
import { createPrivacyService, type PrivacyService } from './features/privacy/privacy.service';
import { privacyRoutes } from './features/privacy/privacy.routes';
import { registerPrivacyJobs } from './features/privacy/privacy.queue';
import { registerPrivacyAreas } from './privacy-areas';
import { createCallsService, type CallsService } from './features/calls/calls.service';
import { callsRoutes } from './features/calls/calls.routes';
import { registerCallsJobs } from './features/calls/calls.queue';
import { registerCallsRealtime } from './features/calls/calls.realtime';
import { registerConversationCalls } from './features/chat/chat-calls';
import { attachRealtimeServer } from './realtime/realtime-server';
import { createRealtimeService, type RealtimeService } from './realtime/realtime.service';
import { createRolesService, type RolesService } from './features/roles/roles.service';
import { rolesRoutes } from './features/roles/roles.routes';
import { createJobBoardService, type JobBoardService } from './features/jobs/jobs.service';
import { createApplicationsService, type ApplicationsService } from './features/jobs/applications.service';
import { jobsRoutes } from './features/jobs/jobs.routes';
import { jobModerationRoutes } from './features/jobs/job-moderation.routes';
import { createJobModerationService, type JobModerationService } from './features/jobs/job-moderation.service';
import { registerJobAlertsJobs, registerJobBoardJobs } from './features/jobs/jobs.queue';
import { createJobAlertsService, type JobAlertsService } from './features/jobs/job-alerts.service';
import { jobAlertsRoutes } from './features/jobs/job-alerts.routes';
import { createGigsService, type GigsService } from './features/talent/gigs.service';
import { createGigFiles } from './features/talent/gig-files';
import { gigsRoutes, talentRoutes } from './features/talent/talent.routes';
import { createTalentService, type TalentService } from './features/talent/talent.service';
import { createPortfolioService, type PortfolioService } from './features/talent/portfolio.service';
import { registerTalentJobs } from './features/talent/talent.queue';
import { createMentorshipKinds, type MentorshipService } from './features/mentorship/mentorship.service';
import { mentorshipRoutes } from './features/mentorship/mentorship.routes';
import { mentorshipAdminRoutes } from './features/mentorship/mentorship-admin.routes';
import { flaggedMentorsQueue, mentorApplicationsQueue } from './features/mentorship/mentorship-admin-queue';
import { mentorshipActivity, sessionsHeldFigures } from './features/mentorship/mentorship-admin';
import { jobActivity, jobFigures } from './features/jobs/jobs-admin';
import { gigActivity, gigDisputesQueue, gigFigures } from './features/talent/talent-admin';
import { registerMentorshipJobs } from './features/mentorship/mentorship.queue';
import { createAvailabilityService, type AvailabilityService } from './features/mentorship/availability.service';
import { createSessionsService, type SessionsService } from './features/mentorship/sessions.service';
import { sessionsRoutes } from './features/mentorship/sessions.routes';
import { registerSessionsJobs } from './features/mentorship/sessions.queue';

export interface Services {
  jobs: QueueService;
  accounts: AccountsService;
  auth: AuthService;
  security: SecurityService;
  realtime: RealtimeService;
  notifications: NotificationsService;
  admin: AdminService;
  adminQueues: AdminQueues;
  adminStats: AdminStats;
  adminConfirm: AdminConfirm;
  uploads: UploadsService;
  certificates: CertificatesService;
  courses: CoursesService;
  courseContent: CourseContentService;
  courseLearning: CourseLearningService;
  courseReviews: CourseReviewsService;
  quizzes: QuizzesService;
  assignments: AssignmentsService;
  lessonQa: LessonQaService;
  payments: PaymentsService;
  skills: SkillsService;
  profiles: ProfilesService;
  chat: ChatService;
  chatSafety: ChatSafety;
  reports: ReportsService;
  privacy: PrivacyService;
  roles: RolesService;
  calls: CallsService;
  jobBoard: JobBoardService;
  jobModeration: JobModerationService;
  jobApplications: ApplicationsService;
  jobAlerts: JobAlertsService;
  gigs: GigsService;
  talent: TalentService;
  portfolio: PortfolioService;
  mentorship: MentorshipService;
  mentorAvailability: AvailabilityService;
  mentorSessions: SessionsService;
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
  testJobs?: (jobs: QueueService) => void;
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

  const jobs = createQueue({ database, log: app.log, now, worker: config.jobsWorker, testClock: opts.jobsClock });
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
  const security = createSecurityService({ db: database.db, accounts, jobs, realtime, appUrl: config.appUrl, now });
  auth.registerLinkMail('change_email', security.emailChangeLinkMail);
  const notifications = createNotificationsService({ db: database.db, realtime, jobs, appUrl: config.appUrl });
  const admin = createAdminService({ db: database.db, notifications, accounts, auth, security, realtime, jobs, now, appUrl: config.appUrl });
  const adminQueues = createAdminQueues({ db: database.db, now, audit: (tx, v) => admin.record(v, tx) });
  const adminStats = createAdminStats({ db: database.db, now, queues: adminQueues });
  const adminConfirm = createAdminConfirm({ db: database.db, accounts, security, now });
  const uploads = createUploadsService({ db: database.db, storage: createStorage(config), quotas: config.uploadQuotas, now });
  const privacy = createPrivacyService({ db: database.db, accounts, auth, notifications, uploads, realtime, jobs, appUrl: config.appUrl, now });
  const certificates = createCertificatesService({ db: database.db, appUrl: config.appUrl, now });
  const skills = createSkillsService({ db: database.db });
  const courses = createCoursesService({ db: database.db, accounts, notifications, realtime, uploads, admin, skills, moneySteps: privacy, now });
  const courseContent = createCourseContentService({ db: database.db, uploads, realtime });
  const { quizzes, assignments } = createAssessments({ db: database.db, accounts, uploads, notifications, certificates, realtime, jobs, now });
  const courseLearning = createCourseLearningService({ db: database.db, accounts, uploads, notifications, certificates, realtime, assignments, now });
  const courseReviews = createCourseReviewsService({ db: database.db, realtime, now });
  const lessonQa = createLessonQaService({ db: database.db, notifications, now });
  // Lesson videos and attachments are a course's to give: courses say who may fetch them.
  uploads.addReader((user, uploadId) => courseLearning.mayReadUpload(user, uploadId));
  uploads.addReferrer((ids, tx) => courseContent.uploadsInUse(ids, tx));
  const profiles = createProfilesService({ db: database.db, accounts, skills, uploads, now });
  uploads.addReferrer((ids, tx) => profiles.uploadsInUse(ids, tx));
  // An employer's logo and a seeker's CV: a CV is read by the seeker (and the readers roles allow).
  const roles = createRolesService({ db: database.db, accounts, uploads, now });
  uploads.addReader((user, uploadId) => roles.mayReadUpload(user, uploadId));
  uploads.addReferrer((ids, tx) => roles.uploadsInUse(ids, tx));
  uploads.addReader((user, uploadId) => assignments.mayReadUpload(user, uploadId));
  uploads.addReferrer((ids, tx) => assignments.uploadsInUse(ids, tx));
  // Mentorship sells through payments: its purchase kinds first, its services once payments exists.
  const mentorshipKinds = createMentorshipKinds({ db: database.db, accounts, notifications, realtime, jobs, admin, moneySteps: privacy, skills, now, log: app.log });
  const payments = createPaymentsService({
    db: database.db,
    gateways: createGateways(config.payments, { db: database.db, appUrl: config.appUrl, now }),
    kinds: [withAssignmentReminders(coursePurchase, assignments), ...mentorshipKinds.kinds],
    accounts,
    notifications,
    realtime,
    jobs,
    admin,
    moneySteps: privacy,
    feePercent: config.payments.feePercent,
    appUrl: config.appUrl,
    now,
    log: app.log,
  });
  const mentorship = mentorshipKinds.build(payments);
  const chat = createChatService({ db: database.db, accounts, realtime, notifications, uploads, jobs, now });
  const chatSafety = createChatSafety({ db: database.db, accounts, realtime, now });
  registerPrivacyAreas({ privacy, accounts, uploads, profiles, chatSafety, jobs });
  registerChatRealtime(realtime, chat);
  // Chat attachments: the two members read them; a message that links one keeps it.
  uploads.addReader((user, uploadId) => chat.mayReadUpload(user, uploadId));
  uploads.addReferrer((ids, tx) => chat.uploadsInUse(ids, tx));
  const reports = createReportsService({ db: database.db });
  reports.addKind(messageReportKind(database.db));
  reports.addKind(memberReportKind(accounts));
  for (const kind of lessonQaReportKinds(lessonQa)) reports.addKind(kind);
  // The admin console's queues, figures and member activity: each area registers its own.
  adminQueues.register(courseReviewQueue);
  adminQueues.register(refundQueue);
  adminQueues.register(mentorApplicationsQueue);
  adminQueues.register(reportsQueue(notifications));
  adminQueues.register(admin.appeals.queue);
  adminStats.addDaily(enrolmentFigures);
  adminStats.addDaily(revenueFigures);
  adminStats.addDaily(mentorshipRevenueFigures);
  for (const figure of [...jobFigures, ...gigFigures, sessionsHeldFigures]) adminStats.addDaily(figure);
  adminQueues.register(flaggedMentorsQueue({ notifications, now }));
  for (const activity of [...courseActivity, ...paymentActivity, ...jobActivity, ...gigActivity, ...mentorshipActivity]) admin.members.addActivity(activity);
  const calls = createCallsService({ db: database.db, realtime, jobs, notifications, accounts, ice: config.ice, now, log: app.log });
  registerCallsRealtime(realtime, calls, app.log);
  registerConversationCalls(calls, chat);
  // Jobs (the board is `jobBoard`: `jobs` is the background queue). An employer reads the CVs of
  // those who applied to them: the profile's CV through roles, an uploaded one through uploads.
  const jobBoard = createJobBoardService({ db: database.db, skills, realtime, jobs, now });
  const jobModeration = createJobModerationService({ db: database.db, board: jobBoard, notifications, admin, now });
  const jobApplications = createApplicationsService({ db: database.db, board: jobBoard, uploads, notifications, realtime, now });
  roles.addCvReader((viewer, seekerId, tx) => jobApplications.readsCvOf(viewer, seekerId, tx));
  const jobAlerts = createJobAlertsService({ db: database.db, accounts, notifications, jobs, appUrl: config.appUrl, now });
  uploads.addReader((user, uploadId) => jobApplications.mayReadUpload(user, uploadId));
  uploads.addReferrer((ids, tx) => jobApplications.uploadsInUse(ids, tx));
  // A gig's attachments are read as the gig is; its delivery files by its poster and talent.
  const gigFiles = createGigFiles({ db: database.db, uploads });
  uploads.addReader((user, uploadId) => gigFiles.mayReadUpload(user, uploadId));
  uploads.addReferrer((ids, tx) => gigFiles.uploadsInUse(ids, tx));
  const gigs = createGigsService({ db: database.db, realtime, notifications, jobs, skills, profiles, chat, files: gigFiles, now, log: app.log });
  const portfolio = createPortfolioService({ db: database.db, uploads, now });
  uploads.addReferrer((ids, tx) => portfolio.uploadsInUse(ids, tx));
  adminQueues.register(gigDisputesQueue(gigs));
  const talent = createTalentService({ db: database.db, skills, gigs, portfolio, notifications, chat, certificates, realtime, now });
  const mentorAvailability = createAvailabilityService({ db: database.db, accounts, now });
  const mentorSessions = createSessionsService({ db: database.db, availability: mentorAvailability, jobs, notifications, realtime, calls, now });
  mentorSessions.registerCalls();
  // Background jobs: each feature registers its handlers and schedules (its <f>.jobs.ts), then
  // the queue starts. Every process registers every job, whether or not it works them.
  registerMailJobs(jobs, mailer);
  registerAuthJobs(jobs, auth);
  registerNotificationsJobs(jobs, notifications);
  registerPaymentsJobs(jobs, payments);
  registerUploadsJobs(jobs, uploads);
  registerChatJobs(jobs, chat);
  registerPrivacyJobs(jobs, privacy);
  registerCallsJobs(jobs, calls);
  registerAssignmentsJobs(jobs, assignments);
  registerJobBoardJobs(jobs, jobBoard);
  registerJobAlertsJobs(jobs, jobAlerts);
  registerTalentJobs(jobs, gigs);
  registerMentorshipJobs(jobs, mentorship.subscriptions, payments);
  registerSessionsJobs(jobs, mentorSessions);
  registerAdminJobs(jobs, admin.members);
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
    security,
    realtime,
    notifications,
    admin,
    adminQueues,
    adminStats,
    adminConfirm,
    uploads,
    certificates,
    courses,
    courseContent,
    courseLearning,
    courseReviews,
    quizzes,
    assignments,
    lessonQa,
    payments,
    skills,
    profiles,
    chat,
    chatSafety,
    reports,
    privacy,
    roles,
    calls,
    jobBoard,
    jobModeration,
    jobApplications,
    jobAlerts,
    gigs,
    talent,
    portfolio,
    mentorship,
    mentorAvailability,
    mentorSessions,
  });
  app.decorate('rateLimitScale', config.rateLimitScale);
  app.decorate('secureCookies', config.appUrl.startsWith('https://'));
  app.decorateRequest('user', null);
  app.decorateRequest('sessionExpiresAt', null);

  await registerSecurity(app, { appUrl: config.appUrl, allowedOrigins: config.allowedOrigins, secureCookies: app.secureCookies });
  await registerCompression(app);
  await app.register(cookie);
  // Default deny for /api/admin/*, before bodies are read (decision 027).
  app.addHook('onRequest', adminGate);
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
  await app.register(securityRoutes);
  await app.register(notificationsRoutes);
  await app.register(adminRoutes);
  await app.register(adminConsoleRoutes);
  await app.register(appealsRoutes);
  await app.register(uploadsRoutes);
  await app.register(coursesRoutes);
  await app.register(courseContentRoutes);
  await app.register(courseLearningRoutes);
  await app.register(courseAdminRoutes);
  await app.register(assessmentsRoutes);
  await app.register(lessonQaRoutes);
  await app.register(certificatesRoutes);
  await app.register(paymentsRoutes);
  await app.register(paymentsAdminRoutes);
  await app.register(testGatewayRoutes);
  await app.register(webhooksRoutes);
  await app.register(skillsRoutes);
  await app.register(profilesRoutes);
  await app.register(chatRoutes);
  await app.register(reportsRoutes);
  await app.register(privacyRoutes);
  await app.register(rolesRoutes);
  await app.register(callsRoutes);
  await app.register(jobsRoutes);
  await app.register(jobModerationRoutes);
  await app.register(jobAlertsRoutes);
  await app.register(gigsRoutes);
  await app.register(talentRoutes);
  await app.register(mentorshipRoutes);
  await app.register(mentorshipAdminRoutes);
  await app.register(sessionsRoutes(mentorAvailability, mentorSessions));
  await registerSpa(app, config.clientDir);
  return app;
}
