import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAssignment,
  ZAssignmentInput,
  ZGradeInput,
  ZGradingDashboard,
  ZLearnerQuiz,
  ZQuizAnswers,
  ZQuizAttempt,
  ZQuizInput,
  ZQuizStats,
  ZSubmission,
  ZSubmissionInput,
  ZSubmissionList,
  ZTutorQuiz,
} from '#shared/courses/assessments.schemas';
import { currentUser, requireArea } from '#server/plugins/session';
import { noStore } from '#server/plugins/no-store';
import { ZCourseParams, ZLessonParams, coursesOpenToVisitors } from '../course-guards';
import type { AllServices } from '#server/platform/module';

const ZSubmissionParams = ZCourseParams.extend({ submissionId: z.uuid('Submission not found') });
const ZSubmissionsQuery = z.object({ lessonId: z.uuid('Lesson not found').optional() });

/** Quizzes and assignments: the learner's side, the tutor's side, and the tutor's grading dashboard. */
export async function assessmentsRoutes(
  root: FastifyInstance,
  { quizzes, assignments }: Pick<AllServices, 'quizzes' | 'assignments'>,
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['assessments'];
  const member = requireArea('courses');
  noStore(app);

  app.get(
    '/api/courses/:id/lessons/:lessonId/quiz',
    { preHandler: coursesOpenToVisitors, schema: { tags, params: ZLessonParams, response: { 200: ZLearnerQuiz } } },
    async (request) => quizzes.forLearner(request.user, request.params.id, request.params.lessonId),
  );

  app.get(
    '/api/courses/:id/lessons/:lessonId/quiz/editor',
    { preHandler: member, schema: { tags, params: ZLessonParams, response: { 200: ZTutorQuiz } } },
    async (request) => quizzes.forTutor(currentUser(request), request.params.id, request.params.lessonId),
  );

  app.put(
    '/api/courses/:id/lessons/:lessonId/quiz',
    { preHandler: member, schema: { tags, params: ZLessonParams, body: ZQuizInput, response: { 200: ZTutorQuiz } } },
    async (request) => quizzes.save(currentUser(request), request.params.id, request.params.lessonId, request.body),
  );

  app.post(
    '/api/courses/:id/lessons/:lessonId/quiz/attempts',
    {
      preHandler: member,
      config: { answers: [409] },
      schema: { tags, params: ZLessonParams, body: ZQuizAnswers, response: { 201: ZQuizAttempt } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await quizzes.attempt(currentUser(request), request.params.id, request.params.lessonId, request.body)),
  );

  app.get(
    '/api/courses/:id/lessons/:lessonId/quiz/stats',
    { preHandler: member, schema: { tags, params: ZLessonParams, response: { 200: ZQuizStats } } },
    async (request) => quizzes.stats(currentUser(request), request.params.id, request.params.lessonId),
  );

  app.get(
    '/api/courses/:id/lessons/:lessonId/assignment',
    { preHandler: coursesOpenToVisitors, schema: { tags, params: ZLessonParams, response: { 200: ZAssignment } } },
    async (request) => assignments.get(request.user, request.params.id, request.params.lessonId),
  );

  app.put(
    '/api/courses/:id/lessons/:lessonId/assignment',
    {
      preHandler: member,
      schema: { tags, params: ZLessonParams, body: ZAssignmentInput, response: { 200: ZAssignment } },
    },
    async (request) => assignments.save(currentUser(request), request.params.id, request.params.lessonId, request.body),
  );

  app.post(
    '/api/courses/:id/lessons/:lessonId/assignment/submissions',
    {
      preHandler: member,
      config: { answers: [409] },
      schema: { tags, params: ZLessonParams, body: ZSubmissionInput, response: { 201: ZSubmission } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await assignments.submit(currentUser(request), request.params.id, request.params.lessonId, request.body)),
  );

  app.get(
    '/api/courses/:id/submissions',
    {
      preHandler: member,
      schema: { tags, params: ZCourseParams, querystring: ZSubmissionsQuery, response: { 200: ZSubmissionList } },
    },
    async (request) => ({
      submissions: await assignments.list(currentUser(request), request.params.id, request.query.lessonId),
    }),
  );

  app.post(
    '/api/courses/:id/submissions/:submissionId/grade',
    {
      preHandler: member,
      config: { answers: [409] },
      schema: { tags, params: ZSubmissionParams, body: ZGradeInput, response: { 200: ZSubmission } },
    },
    async (request) =>
      assignments.grade(currentUser(request), request.params.id, request.params.submissionId, request.body),
  );

  app.get(
    '/api/tutor/grading',
    { preHandler: member, schema: { tags, response: { 200: ZGradingDashboard } } },
    async (request) => assignments.dashboard(currentUser(request)),
  );
}
