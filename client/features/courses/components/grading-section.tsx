import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZGradeInput, type TQuizStats, type TSubmission } from '#shared/courses/assessments.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { FormField } from '#client/components/ui/form-field';
import { Textarea } from '#client/components/ui/textarea';
import { serverMessage } from '#client/lib/api-client';
import { applyFieldErrors } from '#client/lib/form-errors';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { useGrade, useGradingDashboard } from '../api/assessments';
import { plural } from '../format';
import { formatDue, SubmissionSummary } from './assignment-view';

/** The decision is the button pressed; the form holds the feedback. */
const ZFeedbackForm = ZGradeInput.pick({ feedback: true });

function GradeCard({ submission }: { submission: TSubmission }) {
  const grade = useGrade();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof ZFeedbackForm>, unknown, z.output<typeof ZFeedbackForm>>({
    resolver: zodResolver(ZFeedbackForm),
    defaultValues: { feedback: '' },
  });
  const send = (decision: 'pass' | 'needs_work') =>
    void handleSubmit(({ feedback }) =>
      grade.mutate(
        { courseId: submission.courseId, submissionId: submission.id, decision, feedback },
        { onError: (err) => applyFieldErrors(err, setError, ['feedback']) },
      ),
    )();
  return (
    <li>
      <Card className="space-y-3 p-4" data-testid="submission-to-grade">
        <div>
          <p className="font-semibold">{submission.learner.fullName}</p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {submission.lessonTitle} · {submission.courseTitle}
            {submission.dueAt ? ` · due ${formatDue(submission.dueAt)}` : ''}
          </p>
        </div>
        <SubmissionSummary submission={submission} />
        <FormField id={`feedback-${submission.id}`} label="Feedback" error={errors.feedback?.message}>
          {(c) => <Textarea {...c} {...register('feedback')} rows={3} maxLength={5000} />}
        </FormField>
        {grade.isError ? <Alert tone="error">{serverMessage(grade.error) ?? 'Could not save the grade.'}</Alert> : null}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="success"
            loading={grade.isPending && grade.variables?.decision === 'pass'}
            loadingText="Saving…"
            onClick={() => send('pass')}
          >
            Pass
          </Button>
          <Button
            variant="outline"
            loading={grade.isPending && grade.variables?.decision === 'needs_work'}
            loadingText="Saving…"
            onClick={() => send('needs_work')}
          >
            Needs work
          </Button>
        </div>
      </Card>
    </li>
  );
}

function QuizStatsCard({ stats }: { stats: TQuizStats }) {
  return (
    <li>
      <Card className="space-y-3 p-4">
        <div>
          <p className="font-semibold">{stats.title}</p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {plural(stats.attempts, 'attempt')} · {plural(stats.learners, 'learner')} · {stats.passedLearners} passed
            {stats.averagePercent !== null ? ` · average ${stats.averagePercent}%` : ''}
          </p>
        </div>
        <ol className="space-y-2 text-sm">
          {stats.questions.map((q, i) => {
            const percent = q.answered ? Math.round((100 * q.correct) / q.answered) : 0;
            return (
              <li key={q.questionId} className="space-y-1">
                <p>
                  {i + 1}. {q.prompt}
                </p>
                <div className="flex items-center gap-2">
                  <div
                    className="h-2 flex-1 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
                    aria-hidden="true"
                  >
                    <div
                      className="h-full rounded-full bg-emerald-600 dark:bg-emerald-500"
                      style={{ width: `${percent}%` }}
                    />
                  </div>
                  <span className="w-36 shrink-0 text-right text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
                    {q.answered ? `${percent}% right of ${q.answered}` : 'Not answered yet'}
                  </span>
                </div>
              </li>
            );
          })}
        </ol>
      </Card>
    </li>
  );
}

/** The tutor's dashboard: work waiting for a grade, oldest first, and how each quiz goes. */
export function GradingSection() {
  const dashboard = useGradingDashboard();
  if (dashboard.isError)
    return (
      <LoadFailedCard
        what="your assessed work"
        onRetry={() => void dashboard.refetch()}
        retrying={dashboard.isRefetching}
      />
    );
  const data = dashboard.data;
  return (
    <div className="mb-8 grid gap-8 lg:grid-cols-2">
      <section aria-labelledby="to-grade" className="space-y-3">
        <h2 id="to-grade" className="text-lg font-semibold">
          Work to grade {data ? `(${data.toGrade.length})` : ''}
        </h2>
        {data && data.toGrade.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing is waiting for a grade.</p>
        ) : null}
        <ul className="space-y-3">
          {data?.toGrade.map((s) => (
            <GradeCard key={s.id} submission={s} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="quiz-stats" className="space-y-3">
        <h2 id="quiz-stats" className="text-lg font-semibold">
          Quiz statistics
        </h2>
        {data && data.quizzes.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Your courses have no quizzes yet.</p>
        ) : null}
        <ul className="space-y-3">
          {data?.quizzes.map((q) => (
            <QuizStatsCard key={q.lessonId} stats={q} />
          ))}
        </ul>
      </section>
    </div>
  );
}
