import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZAssignment,
  ZGradingDashboard,
  ZLearnerQuiz,
  ZQuizAttempt,
  ZQuizStats,
  ZSubmission,
  ZTutorQuiz,
  type TAssignmentInput,
  type TGradeInput,
  type TQuizAnswers,
  type TQuizInput,
  type TSubmissionInput,
} from '#shared/courses/assessments.schemas';
import { apiGet, apiPost, apiPut, encodeId } from '#client/lib/api-client';
import { courseKey, enrolmentsKey } from './query-keys';

/** Quizzes and assignments: keys under the course, so a course event refreshes them by prefix. */
const lessonPath = (courseId: string, lessonId: string) =>
  `/api/courses/${encodeId(courseId)}/lessons/${encodeId(lessonId)}`;
export const quizKey = (courseId: string, lessonId: string) =>
  ['/api/courses', courseId, 'lessons', lessonId, 'quiz'] as const;
export const quizEditorKey = (courseId: string, lessonId: string) =>
  [...quizKey(courseId, lessonId), 'editor'] as const;
export const quizStatsKey = (courseId: string, lessonId: string) => [...quizKey(courseId, lessonId), 'stats'] as const;
export const assignmentKey = (courseId: string, lessonId: string) =>
  ['/api/courses', courseId, 'lessons', lessonId, 'assignment'] as const;
export const gradingKey = ['/api/tutor/grading'] as const;

export function useLearnerQuiz(courseId: string, lessonId: string) {
  return useQuery({
    queryKey: quizKey(courseId, lessonId),
    queryFn: async ({ signal }) =>
      ZLearnerQuiz.parse(await apiGet<unknown>(`${lessonPath(courseId, lessonId)}/quiz`, signal)),
  });
}

export const quizEditorOptions = (courseId: string, lessonId: string) =>
  queryOptions({
    queryKey: quizEditorKey(courseId, lessonId),
    queryFn: async ({ signal }) =>
      ZTutorQuiz.parse(await apiGet<unknown>(`${lessonPath(courseId, lessonId)}/quiz/editor`, signal)),
  });

export function useQuizEditor(courseId: string, lessonId: string) {
  return useQuery(quizEditorOptions(courseId, lessonId));
}

export function useQuizStats(courseId: string, lessonId: string) {
  return useQuery({
    queryKey: quizStatsKey(courseId, lessonId),
    queryFn: async ({ signal }) =>
      ZQuizStats.parse(await apiGet<unknown>(`${lessonPath(courseId, lessonId)}/quiz/stats`, signal)),
  });
}

export function useSaveQuiz(courseId: string, lessonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: TQuizInput) =>
      ZTutorQuiz.parse(await apiPut<unknown>(`${lessonPath(courseId, lessonId)}/quiz`, input)),
    onSuccess: (quiz) => {
      client.setQueryData(quizEditorKey(courseId, lessonId), quiz);
      void client.invalidateQueries({ queryKey: quizKey(courseId, lessonId), exact: true });
    },
  });
}

/** After a grade or a passed quiz: the progress, the course and the learner's list move. */
function refreshLearning(client: ReturnType<typeof useQueryClient>, courseId: string) {
  void client.invalidateQueries({ queryKey: courseKey(courseId) });
  void client.invalidateQueries({ queryKey: enrolmentsKey });
}

export function useSubmitQuiz(courseId: string, lessonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (answers: TQuizAnswers) =>
      ZQuizAttempt.parse(await apiPost<unknown>(`${lessonPath(courseId, lessonId)}/quiz/attempts`, answers)),
    onSuccess: () => refreshLearning(client, courseId),
  });
}

export function useAssignment(courseId: string, lessonId: string) {
  return useQuery({
    queryKey: assignmentKey(courseId, lessonId),
    queryFn: async ({ signal }) =>
      ZAssignment.parse(await apiGet<unknown>(`${lessonPath(courseId, lessonId)}/assignment`, signal)),
  });
}

export function useSaveAssignment(courseId: string, lessonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: TAssignmentInput) =>
      ZAssignment.parse(await apiPut<unknown>(`${lessonPath(courseId, lessonId)}/assignment`, input)),
    onSuccess: (a) => client.setQueryData(assignmentKey(courseId, lessonId), a),
  });
}

export function useSubmitWork(courseId: string, lessonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: TSubmissionInput) =>
      ZSubmission.parse(await apiPost<unknown>(`${lessonPath(courseId, lessonId)}/assignment/submissions`, input)),
    onSuccess: () => void client.invalidateQueries({ queryKey: assignmentKey(courseId, lessonId) }),
  });
}

export function useGradingDashboard() {
  return useQuery({
    queryKey: gradingKey,
    queryFn: async ({ signal }) => ZGradingDashboard.parse(await apiGet<unknown>('/api/tutor/grading', signal)),
  });
}

export function useGrade() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      courseId,
      submissionId,
      ...input
    }: TGradeInput & { courseId: string; submissionId: string }) =>
      ZSubmission.parse(
        await apiPost<unknown>(`/api/courses/${encodeId(courseId)}/submissions/${encodeId(submissionId)}/grade`, input),
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: gradingKey }),
  });
}
