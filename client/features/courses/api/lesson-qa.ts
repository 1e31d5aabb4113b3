import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZLessonAnswer,
  ZLessonQuestion,
  ZQuestionList,
  ZQuestionThread,
  ZUnansweredList,
  type TAnswerInput,
  type TQuestionInput,
} from '#shared/courses/lesson-qa.schemas';
import { apiGet, apiPost, apiPut, encodeId } from '#client/lib/api-client';

/** Lesson Q&A: keys under the course, so a course's refresh takes its questions along. */
export const questionsKey = (courseId: string) => ['/api/courses', courseId, 'questions'] as const;
const questionListKey = (courseId: string, filter: { lessonId?: string; q?: string }) =>
  [...questionsKey(courseId), filter] as const;
const threadKey = (courseId: string, questionId: string) => [...questionsKey(courseId), questionId] as const;
export const unansweredKey = ['/api/tutor/questions/unanswered'] as const;

export function useQuestions(courseId: string, filter: { lessonId?: string; q?: string }) {
  return useQuery({
    queryKey: questionListKey(courseId, filter),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams();
      if (filter.lessonId) params.set('lessonId', filter.lessonId);
      if (filter.q) params.set('q', filter.q);
      return ZQuestionList.parse(
        await apiGet<unknown>(`/api/courses/${encodeId(courseId)}/questions?${params}`, signal),
      );
    },
    placeholderData: keepPreviousData,
  });
}

export const threadQueryOptions = (courseId: string, questionId: string) =>
  queryOptions({
    queryKey: threadKey(courseId, questionId),
    queryFn: async ({ signal }) =>
      ZQuestionThread.parse(
        await apiGet<unknown>(`/api/courses/${encodeId(courseId)}/questions/${encodeId(questionId)}`, signal),
      ),
  });

export const useThread = (courseId: string, questionId: string) => useQuery(threadQueryOptions(courseId, questionId));

export function useUnansweredQuestions(enabled = true) {
  return useQuery({
    queryKey: unansweredKey,
    queryFn: async ({ signal }) =>
      ZUnansweredList.parse(await apiGet<unknown>('/api/tutor/questions/unanswered', signal)),
    enabled,
  });
}

/** Every change refreshes the course's questions and the tutor's unanswered list. */
function useQaMutation<I, O>(courseId: string, fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: questionsKey(courseId) }),
        client.invalidateQueries({ queryKey: unansweredKey }),
      ]),
  });
}

export const useAskQuestion = (courseId: string, lessonId: string) =>
  useQaMutation(courseId, async (body: TQuestionInput) =>
    ZLessonQuestion.parse(
      await apiPost<unknown>(`/api/courses/${encodeId(courseId)}/lessons/${encodeId(lessonId)}/questions`, body),
    ),
  );

export const useAnswerQuestion = (courseId: string, questionId: string) =>
  useQaMutation(courseId, async (body: TAnswerInput) =>
    ZLessonAnswer.parse(
      await apiPost<unknown>(`/api/courses/${encodeId(courseId)}/questions/${encodeId(questionId)}/answers`, body),
    ),
  );

export const useMarkAnswer = (courseId: string, questionId: string) =>
  useQaMutation(courseId, (answerId: string | null) =>
    apiPut<void>(`/api/courses/${encodeId(courseId)}/questions/${encodeId(questionId)}/accepted`, { answerId }),
  );

export const usePinQuestion = (courseId: string, questionId: string) =>
  useQaMutation(courseId, (pinned: boolean) =>
    apiPut<void>(`/api/courses/${encodeId(courseId)}/questions/${encodeId(questionId)}/pin`, { pinned }),
  );
