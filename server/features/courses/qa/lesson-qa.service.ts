import type { Db, DbOrTx } from '#server/db/client';
import { AppError } from '#server/lib/errors';
import { searchText } from '#server/lib/search/search';
import { transaction } from '#server/db/transaction';
import type { TUser } from '#shared/accounts/accounts.schemas';
import {
  LESSON_QUESTIONS_PAGE_SIZE,
  type TLessonAnswer,
  type TLessonQuestion,
  type TQuestionList,
  type TQuestionThread,
  type TUnansweredList,
} from '#shared/courses/lesson-qa.schemas';
import { canCreateCourse } from '../courses.policy';
import { FORMER_MEMBER, presentPerson, type PersonRow, type Viewer } from '#server/features/accounts';
import type { NotificationsService } from '#server/features/notifications';
import { assertCan, visibleCourse, type VisibleCourse } from '../course-access';
import { contentRepo } from '../content/course-content.repo';
import { type LessonAnswerRow, lessonQaRepo, type LessonQuestionRow } from './lesson-qa.repo';

const UNANSWERED_LIMIT = 50;
const questionNotFound = () => new AppError('NOT_FOUND', 'Question not found.');

/** A question's card; its author is a former member once erased (author null) or hidden. */
export function presentQuestion(
  r: { question: LessonQuestionRow; lessonTitle: string; resolved: boolean; author: PersonRow | null },
  viewer: Viewer,
): TLessonQuestion {
  const q = r.question;
  return {
    id: q.id,
    courseId: q.courseId,
    lessonId: q.lessonId,
    lessonTitle: r.lessonTitle,
    title: q.title,
    body: q.body,
    pinned: q.pinned,
    answerCount: q.answerCount,
    answered: q.answerCount > 0,
    resolved: r.resolved,
    author: r.author?.id
      ? presentPerson(r.author, viewer)
      : { id: '', username: '', fullName: FORMER_MEMBER, avatarUrl: null },
    createdAt: q.createdAt.toISOString(),
  };
}

function presentAnswer(
  r: { answer: LessonAnswerRow; author: PersonRow },
  tutorId: string,
  viewer: Viewer,
): TLessonAnswer {
  return {
    id: r.answer.id,
    body: r.answer.body,
    accepted: r.answer.accepted,
    byTutor: r.answer.authorId === tutorId,
    author: presentPerson(r.author, viewer),
    createdAt: r.answer.createdAt.toISOString(),
  };
}

/** The member acting, as a person row: they see themselves whatever their suspension. */
const asPerson = (user: TUser): PersonRow => ({ ...user, deleted: false, hidden: false });
const isTutor = (user: TUser, course: VisibleCourse) => user.id === course.facts.tutorId;

/**
 * Lesson Q&A (decision 024). Who may do what, on a course the member may see:
 * read: whoever may learn it (enrolled learners, its tutor, admins, who moderate);
 * ask: enrolled learners; answer: enrolled learners and the tutor; mark and pin: the tutor.
 */
export function createLessonQaService(deps: { db: Db; notifications: NotificationsService; now: () => Date }) {
  const { db, notifications, now } = deps;

  async function readable(user: TUser, courseId: string) {
    const course = await visibleCourse(db, user, courseId);
    assertCan(user, 'learn', course, 'Enrol in this course to read its questions.');
    return course;
  }

  const threadLink = (q: { courseId: string; lessonId: string; id: string }) =>
    `/courses/course-content/${q.courseId}?lesson=${q.lessonId}&question=${q.id}`;

  return {
    /** Whether the member may read the course's questions (a report of one needs it). */
    async mayRead(user: TUser, courseId: string): Promise<boolean> {
      return readable(user, courseId).then(
        () => true,
        () => false,
      );
    },

    async list(
      user: TUser,
      courseId: string,
      query: { lessonId?: string; q?: string; page: number },
    ): Promise<TQuestionList> {
      await readable(user, courseId);
      const rows = await lessonQaRepo.page(
        db,
        {
          courseId,
          lessonId: query.lessonId,
          text: searchText(query.q),
          limit: LESSON_QUESTIONS_PAGE_SIZE,
          offset: (query.page - 1) * LESSON_QUESTIONS_PAGE_SIZE,
        },
        now(),
      );
      return { questions: rows.map((r) => presentQuestion(r, user)), total: rows[0]?.total ?? 0, page: query.page };
    },

    async thread(user: TUser, courseId: string, questionId: string): Promise<TQuestionThread> {
      const course = await readable(user, courseId);
      const row = await lessonQaRepo.findQuestion(db, courseId, questionId, now());
      if (!row) throw questionNotFound();
      const answers = await lessonQaRepo.answers(db, questionId, now());
      return {
        question: presentQuestion(row, user),
        answers: answers.map((a) => presentAnswer(a, course.facts.tutorId, user)),
      };
    },

    async ask(
      user: TUser,
      courseId: string,
      lessonId: string,
      input: { title: string; body: string },
    ): Promise<TLessonQuestion> {
      return transaction(db, async (tx) => {
        const course = await visibleCourse(tx, user, courseId);
        if (!course.facts.enrolled || isTutor(user, course)) {
          throw new AppError('FORBIDDEN', 'Only learners enrolled in this course can ask questions.');
        }
        const lesson = await contentRepo.findLesson(tx, courseId, lessonId);
        if (!lesson) throw new AppError('NOT_FOUND', 'Lesson not found.');
        const question = await lessonQaRepo.insertQuestion(tx, { courseId, lessonId, authorId: user.id, ...input });
        await notifications.notify(
          course.facts.tutorId,
          {
            type: 'system_update',
            title: 'New question on your course',
            message: `${user.fullName} asked on "${lesson.title}": ${input.title}`,
            actorId: user.id,
            link: threadLink(question),
          },
          tx,
        );
        return presentQuestion({ question, lessonTitle: lesson.title, resolved: false, author: asPerson(user) }, user);
      });
    },

    async answer(user: TUser, courseId: string, questionId: string, input: { body: string }): Promise<TLessonAnswer> {
      return transaction(db, async (tx) => {
        const course = await visibleCourse(tx, user, courseId);
        const tutor = isTutor(user, course);
        if (!tutor && !course.facts.enrolled) {
          throw new AppError('FORBIDDEN', "Only the course's tutor and its enrolled learners can answer.");
        }
        const question = await lessonQaRepo.lockQuestion(tx, courseId, questionId);
        if (!question) throw questionNotFound();
        const answer = await lessonQaRepo.insertAnswer(tx, { questionId, authorId: user.id, body: input.body });
        const told = new Set(
          [question.authorId, course.facts.tutorId].filter((id): id is string => Boolean(id) && id !== user.id),
        );
        for (const id of told) {
          const asker = id === question.authorId;
          await notifications.notify(
            id,
            {
              type: 'system_update',
              title: asker ? 'Your question has an answer' : 'A learner answered a question',
              message: `${tutor ? 'The tutor' : user.fullName} answered "${question.title}".`,
              // It quotes the asker's title: their erasure blanks it.
              actorId: question.authorId ?? undefined,
              link: threadLink(question),
            },
            tx,
          );
        }
        return presentAnswer({ answer, author: asPerson(user) }, course.facts.tutorId, user);
      });
    },

    /** The tutor marks one answer (or none); the asker hears of it. */
    async accept(user: TUser, courseId: string, questionId: string, answerId: string | null): Promise<void> {
      await transaction(db, async (tx) => {
        const question = await tutorsQuestion(
          tx,
          user,
          courseId,
          questionId,
          'Only the course tutor can mark an answer.',
        );
        if (!(await lessonQaRepo.setAccepted(tx, questionId, answerId)))
          throw new AppError('NOT_FOUND', 'Answer not found.');
        if (answerId && question.authorId && question.authorId !== user.id) {
          await notifications.notify(
            question.authorId,
            {
              type: 'system_update',
              title: 'The tutor marked an answer',
              message: `An answer to "${question.title}" is marked as the answer.`,
              link: threadLink(question),
            },
            tx,
          );
        }
      });
    },

    async pin(user: TUser, courseId: string, questionId: string, pinned: boolean): Promise<void> {
      await transaction(db, async (tx) => {
        await tutorsQuestion(tx, user, courseId, questionId, 'Only the course tutor can pin a question.');
        await lessonQaRepo.setPinned(tx, questionId, pinned);
      });
    },

    /** For the tutor dashboard. */
    async unanswered(user: TUser): Promise<TUnansweredList> {
      if (!canCreateCourse(user)) throw new AppError('FORBIDDEN', 'Only tutors see the questions on their courses.');
      const rows = await lessonQaRepo.unansweredForTutor(db, user.id, UNANSWERED_LIMIT, now());
      return { questions: rows.map((r) => ({ ...presentQuestion(r, user), courseTitle: r.courseTitle })) };
    },
  };

  async function tutorsQuestion(tx: DbOrTx, user: TUser, courseId: string, questionId: string, refusal: string) {
    const course = await visibleCourse(tx, user, courseId);
    if (!isTutor(user, course)) throw new AppError('FORBIDDEN', refusal);
    const question = await lessonQaRepo.lockQuestion(tx, courseId, questionId);
    if (!question) throw questionNotFound();
    return question;
  }
}

export type LessonQaService = ReturnType<typeof createLessonQaService>;
