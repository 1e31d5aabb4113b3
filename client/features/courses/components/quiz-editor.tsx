import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import {
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  REVEAL_ANSWERS,
  REVEAL_ANSWERS_LABELS,
  type TTutorQuiz,
} from '#shared/courses/assessments.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { FieldError, FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Select } from '#client/components/ui/select';
import { Textarea } from '#client/components/ui/textarea';
import { ApiError, serverMessage } from '#client/lib/api-client';
import { useSaveQuiz } from '../api/assessments';
import { blankQuestion, draftOf, messageAt, ZQuizForm, type QuizDraft, type QuizForm } from './quiz-draft';

/** For a control named by its aria-label, which has no visible label for a FormField to hold. */
const describedBy = (errorId: string, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? errorId : undefined,
});

function QuestionFields({
  form,
  index: i,
  count,
  onRemove,
}: {
  form: QuizForm;
  index: number;
  count: number;
  onRemove: () => void;
}) {
  const { control, register, setValue, trigger, formState } = form;
  const options = useFieldArray({ control, name: `questions.${i}.options` });
  const [kind, marks] = useWatch({ control, name: [`questions.${i}.kind`, `questions.${i}.options`] });
  const id = useId();
  const error = (field: string) => messageAt(formState.errors, `questions.${i}.${field}`);
  const [prompt, accepted, correct, explanation] = ['prompt', 'accepted', 'correct', 'explanation'].map(error);

  // The marks are one control per option but one rule for the question: check it again once shown.
  function mark(k: number, checked: boolean) {
    marks.forEach((o, m) =>
      setValue(`questions.${i}.options.${m}.correct`, m === k ? checked : kind !== 'single' && o.correct),
    );
    if (formState.isSubmitted) void trigger(`questions.${i}`);
  }

  return (
    <fieldset className="space-y-3 rounded-xl border border-zinc-200 p-3 sm:p-4 dark:border-zinc-700">
      <legend className="px-1 text-sm font-semibold">Question {i + 1}</legend>
      <div className="flex gap-2">
        <Select aria-label={`Type of question ${i + 1}`} {...register(`questions.${i}.kind`)} className="flex-1">
          {QUESTION_KINDS.map((k) => (
            <option key={k} value={k}>
              {QUESTION_KIND_LABELS[k]}
            </option>
          ))}
        </Select>
        <Button
          variant="ghost-destructive"
          size="icon"
          aria-label={`Remove question ${i + 1}`}
          disabled={count === 1}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <Textarea
        aria-label={`Question ${i + 1}`}
        rows={2}
        {...register(`questions.${i}.prompt`)}
        {...describedBy(`${id}-prompt`, prompt)}
        placeholder="The question"
      />
      {prompt ? <FieldError id={`${id}-prompt`}>{prompt}</FieldError> : null}
      {kind === 'short' ? (
        <>
          <Textarea
            aria-label={`Accepted answers to question ${i + 1}, one per line`}
            rows={2}
            {...register(`questions.${i}.accepted`)}
            {...describedBy(`${id}-accepted`, accepted)}
            placeholder="Accepted answers, one per line (case and accents do not count)"
          />
          {accepted ? <FieldError id={`${id}-accepted`}>{accepted}</FieldError> : null}
        </>
      ) : (
        <ul className="space-y-2">
          {options.fields.map((o, k) => {
            const text = error(`options.${k}.text`);
            return (
              <li key={o.id} className="space-y-1">
                <div className="flex items-center gap-2">
                  <input
                    type={kind === 'single' ? 'radio' : 'checkbox'}
                    name={`correct-${i}`}
                    aria-label={`Option ${k + 1} of question ${i + 1} is right`}
                    checked={marks[k]?.correct ?? false}
                    {...describedBy(`${id}-correct`, correct)}
                    className="size-4 accent-emerald-600"
                    onChange={(e) => mark(k, e.target.checked)}
                  />
                  <Input
                    aria-label={`Option ${k + 1} of question ${i + 1}`}
                    {...register(`questions.${i}.options.${k}.text`)}
                    {...describedBy(`${id}-option-${k}`, text)}
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove option ${k + 1} of question ${i + 1}`}
                    disabled={options.fields.length <= 2}
                    onClick={() => options.remove(k)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </div>
                {text ? <FieldError id={`${id}-option-${k}`}>{text}</FieldError> : null}
              </li>
            );
          })}
          <li>
            <Button
              variant="ghost"
              size="sm"
              disabled={options.fields.length >= 10}
              onClick={() => options.append({ text: '', correct: false }, { shouldFocus: false })}
            >
              <Plus aria-hidden="true" className="size-4" /> Add an option
            </Button>
          </li>
        </ul>
      )}
      {kind !== 'short' && correct ? <FieldError id={`${id}-correct`}>{correct}</FieldError> : null}
      <Textarea
        aria-label={`Explanation of question ${i + 1}`}
        rows={2}
        {...register(`questions.${i}.explanation`)}
        {...describedBy(`${id}-explanation`, explanation)}
        placeholder="Explanation shown after answering"
      />
      {explanation ? <FieldError id={`${id}-explanation`}>{explanation}</FieldError> : null}
    </fieldset>
  );
}

/** The tutor's quiz form: questions, their right answers and explanations, the pass mark and attempts. */
export function QuizEditor({
  courseId,
  lessonId,
  quiz,
  onSaved,
}: {
  courseId: string;
  lessonId: string;
  quiz: TTutorQuiz;
  onSaved: () => void;
}) {
  const save = useSaveQuiz(courseId, lessonId);
  const form: QuizForm = useForm({ resolver: zodResolver(ZQuizForm), defaultValues: draftOf(quiz) });
  const { control, register, handleSubmit, setError, formState } = form;
  const questions = useFieldArray({ control, name: 'questions' });

  // The server checks with the same schema; its messages go to the paths it names.
  const onSubmit = handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: onSaved,
      onError: (err) => {
        const fields = err instanceof ApiError ? err.body?.fields : undefined;
        for (const [path, message] of Object.entries(fields ?? {}))
          setError(path as Path<QuizDraft>, { type: 'server', message });
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Quiz questions">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="quiz-pass" label="Pass mark (%)" error={formState.errors.passPercent?.message}>
          {(c) => <Input {...c} inputMode="numeric" {...register('passPercent')} />}
        </FormField>
        <FormField
          id="quiz-attempts"
          label="Attempts (empty: unlimited)"
          error={formState.errors.attemptsLimit?.message}
        >
          {(c) => <Input {...c} inputMode="numeric" {...register('attemptsLimit')} />}
        </FormField>
        <div className="sm:col-span-2">
          <FormField id="quiz-reveal" label="Explanations show" error={formState.errors.revealAnswers?.message}>
            {(c) => (
              <Select {...c} {...register('revealAnswers')}>
                {REVEAL_ANSWERS.map((r) => (
                  <option key={r} value={r}>
                    {REVEAL_ANSWERS_LABELS[r]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
      </div>
      {questions.fields.map((q, i) => (
        <QuestionFields
          key={q.id}
          form={form}
          index={i}
          count={questions.fields.length}
          onRemove={() => questions.remove(i)}
        />
      ))}
      <Button
        variant="outline"
        size="sm"
        disabled={questions.fields.length >= 50}
        onClick={() => questions.append(blankQuestion(), { shouldFocus: false })}
      >
        <Plus aria-hidden="true" className="size-4" /> Add a question
      </Button>
      {save.isError ? <Alert tone="error">{serverMessage(save.error) ?? 'Could not save the quiz.'}</Alert> : null}
      <div className="flex justify-end border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <Button type="submit" loading={save.isPending} loadingText="Saving…">
          Save quiz
        </Button>
      </div>
    </form>
  );
}
