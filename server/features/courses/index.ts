import { defineModule } from '#server/platform/module';
import { createAssessments, withAssignmentReminders, withCredentialWithdrawal } from './assessments/assessments';
import { eraseAssessments, exportAssessments } from './assessments/assessments.privacy';
import { assessmentsRoutes } from './assessments/assessments.routes';
import type { AssignmentsService } from './assessments/assignments.service';
import { registerAssignmentsJobs } from './assessments/assignments.queue';
import { courseActivity, courseReviewQueue, enrolmentFigures } from './course-admin-queue';
import { courseAdminRoutes } from './catalogue/course-admin.routes';
import { courseLinkPreview } from './catalogue/course-preview';
import { courseContentRoutes } from './content/course-content.routes';
import { createCourseContentService, type CourseContentService } from './content/course-content.service';
import { courseLearningRoutes } from './learning/course-learning.routes';
import { createCourseLearningService, type CourseLearningService } from './learning/course-learning.service';
import { coursePurchase } from './learning/course-purchase';
import { createCourseReviewsService, type CourseReviewsService } from './learning/course-reviews.service';
import { coursesPrivacyRepo } from './courses-privacy.repo';
import { coursesRoutes } from './catalogue/courses.routes';
import { createCoursesService, type CoursesService } from './catalogue/courses.service';
import { lessonQaReportKinds } from './qa/lesson-qa-reports';
import { eraseLessonQa, exportLessonQa } from './qa/lesson-qa.privacy';
import { lessonQaRoutes } from './qa/lesson-qa.routes';
import { createLessonQaService, type LessonQaService } from './qa/lesson-qa.service';
import type { QuizzesService } from './assessments/quizzes.service';

declare module '../../platform/module' {
  interface ModuleMap {
    courses: {
      courses: CoursesService;
      courseContent: CourseContentService;
      courseLearning: CourseLearningService;
      courseReviews: CourseReviewsService;
      quizzes: QuizzesService;
      assignments: AssignmentsService;
      lessonQa: LessonQaService;
    };
  }
}

export const coursesModule = defineModule({
  name: 'courses',
  needs: ['accounts', 'notifications', 'uploads', 'skills', 'privacy', 'certificates'],
  about: 'The catalogue, course building, learning and progress, quizzes and assignments, reviews, lesson Q&A.',
  build: (p, { accounts, notifications, uploads, skills, privacy, certificates }) => {
    const { db, realtime, now, queue: jobs } = p;
    const courses = createCoursesService({
      db,
      accounts,
      notifications,
      realtime,
      uploads,
      audit: p.audit,
      skills,
      moneySteps: privacy,
      now,
    });
    const { quizzes, assignments } = createAssessments({
      db,
      accounts,
      uploads,
      notifications,
      certificates,
      skills,
      realtime,
      jobs,
      now,
    });
    return {
      courses,
      courseContent: createCourseContentService({ db, uploads, realtime }),
      courseLearning: createCourseLearningService({
        db,
        accounts,
        uploads,
        notifications,
        certificates,
        skills,
        realtime,
        assignments,
        now,
      }),
      courseReviews: createCourseReviewsService({ db, realtime, now }),
      quizzes,
      assignments,
      lessonQa: createLessonQaService({ db, notifications, now }),
    };
  },
  contributes: ({ courses, courseContent, courseLearning, assignments, lessonQa }, { certificates }, p) => ({
    linkPreviews: [courseLinkPreview(p.db)],
    // Lesson videos and attachments are a course's to give: courses say who may fetch them.
    uploadAccess: {
      readers: [
        (user, id) => courseLearning.mayReadUpload(user, id),
        (user, id) => assignments.mayReadUpload(user, id),
      ],
      referrers: [(ids, tx) => courseContent.uploadsInUse(ids, tx), (ids, tx) => assignments.uploadsInUse(ids, tx)],
    },
    teachingApprovals: [(userId, tx) => courses.hasApprovedCourse(userId, tx)],
    purchaseKinds: [withCredentialWithdrawal(withAssignmentReminders(coursePurchase, assignments), certificates)],
    reportKinds: lessonQaReportKinds(lessonQa),
    adminQueues: [courseReviewQueue],
    dailyFigures: [enrolmentFigures],
    memberActivity: courseActivity,
    privacy: {
      exporters: {
        courses: (userId, tx) => coursesPrivacyRepo.export(tx, userId),
        assessments: (userId, tx) => exportAssessments(userId, tx),
        'lesson-qa': (userId, tx) => exportLessonQa(userId, tx),
      },
      erasers: {
        courses: (userId, tx) => coursesPrivacyRepo.erase(tx, userId),
        assessments: (userId, tx) => eraseAssessments(userId, tx),
        'lesson-qa': (userId, tx) => eraseLessonQa(userId, tx),
      },
    },
  }),
  queue: (jobs, { assignments }) => registerAssignmentsJobs(jobs, assignments),
  routes: (s) => [
    (app) => coursesRoutes(app, s),
    (app) => courseContentRoutes(app, s),
    (app) => courseLearningRoutes(app, s),
    (app) => courseAdminRoutes(app, s),
    (app) => assessmentsRoutes(app, s),
    (app) => lessonQaRoutes(app, s),
  ],
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export {
  assessmentsPassedBy,
  completedCoursesTeaching,
  coursesCompletedBy,
  coursesTaughtBy,
  publishedCoursesTeaching,
} from './course-subqueries.repo';
