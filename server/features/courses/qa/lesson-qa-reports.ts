import type { ReportKind } from '#server/features/reports';
import { lessonQaReportTarget, type LessonQaReportKind } from './lesson-qa.privacy';
import type { LessonQaService } from './lesson-qa.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Lesson Q&A in the reports queue like any other content (issue 17): a question or an answer may
 * be reported by whoever may read it; the evidence is its text as it read then, and its link.
 */
export function lessonQaReportKinds(lessonQa: LessonQaService): ReportKind[] {
  const kind = (k: LessonQaReportKind): ReportKind => ({
    kind: k,
    async excerpt(reporter, targetId, tx) {
      if (!UUID.test(targetId)) return undefined;
      const target = await lessonQaReportTarget(k, targetId, tx);
      if (!target || !(await lessonQa.mayRead(reporter, target.courseId))) return undefined;
      return target;
    },
  });
  return [kind('lesson_question'), kind('lesson_answer')];
}
