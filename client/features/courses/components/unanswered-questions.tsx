import { MessageCircleQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '#client/components/ui/card';
import { Spinner } from '#client/components/ui/spinner';
import { formatDate } from '#client/lib/format-date';
import { useUnansweredQuestions } from '../api/lesson-qa';
import { playerPath } from '../paths';

/** The tutor dashboard's "questions without an answer", oldest first, each opening in the player. */
export function UnansweredQuestions() {
  const list = useUnansweredQuestions();
  return (
    <section aria-labelledby="unanswered-heading" className="mb-10">
      <h2 id="unanswered-heading" className="mb-3 flex items-center gap-2 text-lg font-semibold">
        <MessageCircleQuestion aria-hidden="true" className="size-5" />
        Questions without an answer
        {list.data ? <span className="text-zinc-500">({list.data.questions.length})</span> : null}
      </h2>
      {list.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <Spinner /> Loading questions…
        </p>
      ) : list.isError ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">We could not load your learners' questions.</p>
      ) : list.data.questions.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Every question on your courses has an answer.</p>
      ) : (
        <Card>
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {list.data.questions.map((q) => (
              <li key={q.id}>
                <Link
                  to={`${playerPath(q.courseId)}?lesson=${q.lessonId}&question=${q.id}`}
                  className="block px-4 py-3 hover:bg-zinc-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:hover:bg-zinc-800/50"
                >
                  <span className="block font-medium">{q.title}</span>
                  <span className="mt-0.5 block text-xs text-zinc-600 dark:text-zinc-400">
                    {q.courseTitle} · {q.lessonTitle} · {q.author.fullName} · {formatDate(q.createdAt)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}
