import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAcceptInput,
  ZAnswerInput,
  ZLessonAnswer,
  ZLessonQuestion,
  ZPinInput,
  ZQuestionInput,
  ZQuestionList,
  ZQuestionThread,
  ZQuestionsQuery,
  ZUnansweredList,
} from '#shared/courses/lesson-qa.schemas';
import { noContent } from '#server/plugins/api-operations';
import { currentUser, requireArea } from '#server/plugins/session';
import { noStore } from '#server/plugins/no-store';
import { CONTENT_CREATION_LIMIT } from '#server/plugins/member-limits';
import { ZCourseParams, ZLessonParams } from '../course-guards';
import type { AllServices } from '#server/platform/module';

const ZQuestionParams = ZCourseParams.extend({ questionId: z.uuid('Question not found') });

/** Lesson Q&A: members only, and only those the course lets learn (lesson-qa.service). */
export async function lessonQaRoutes(root: FastifyInstance, { lessonQa }: Pick<AllServices, 'lessonQa'>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['lesson Q&A'];
  const preHandler = requireArea('courses');
  const config = { memberLimit: CONTENT_CREATION_LIMIT };
  noStore(app);

  app.get(
    '/api/courses/:id/questions',
    {
      preHandler,
      schema: { tags, params: ZCourseParams, querystring: ZQuestionsQuery, response: { 200: ZQuestionList } },
    },
    async (request) => lessonQa.list(currentUser(request), request.params.id, request.query),
  );

  app.post(
    '/api/courses/:id/lessons/:lessonId/questions',
    {
      preHandler,
      config,
      schema: { tags, params: ZLessonParams, body: ZQuestionInput, response: { 201: ZLessonQuestion } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await lessonQa.ask(currentUser(request), request.params.id, request.params.lessonId, request.body)),
  );

  app.get(
    '/api/courses/:id/questions/:questionId',
    { preHandler, schema: { tags, params: ZQuestionParams, response: { 200: ZQuestionThread } } },
    async (request) => lessonQa.thread(currentUser(request), request.params.id, request.params.questionId),
  );

  app.post(
    '/api/courses/:id/questions/:questionId/answers',
    {
      preHandler,
      config,
      schema: { tags, params: ZQuestionParams, body: ZAnswerInput, response: { 201: ZLessonAnswer } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await lessonQa.answer(currentUser(request), request.params.id, request.params.questionId, request.body)),
  );

  app.put(
    '/api/courses/:id/questions/:questionId/accepted',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Accept an answer to a question (or clear the accepted one with null)',
        params: ZQuestionParams,
        body: ZAcceptInput,
        response: { 204: noContent('The accepted answer is set.') },
      },
    },
    async (request, reply) => {
      await lessonQa.accept(currentUser(request), request.params.id, request.params.questionId, request.body.answerId);
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/courses/:id/questions/:questionId/pin',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Pin or unpin a question',
        params: ZQuestionParams,
        body: ZPinInput,
        response: { 204: noContent('The question is pinned or unpinned.') },
      },
    },
    async (request, reply) => {
      await lessonQa.pin(currentUser(request), request.params.id, request.params.questionId, request.body.pinned);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/tutor/questions/unanswered',
    { preHandler, schema: { tags, response: { 200: ZUnansweredList } } },
    async (request) => lessonQa.unanswered(currentUser(request)),
  );
}
