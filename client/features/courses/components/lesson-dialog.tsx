import * as Dialog from '@radix-ui/react-dialog';
import { CircleCheck, ClipboardCheck, FileText, Link2, ListChecks, PlayCircle, Upload, X } from 'lucide-react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import type { TLessonKind } from '#shared/courses/courses.constants';
import type { TLessonContent } from '#shared/courses/lessons.schemas';
import { Button, buttonClasses } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Checkbox, Input } from '#client/components/ui/input';
import { Textarea } from '#client/components/ui/textarea';
import { ApiError } from '#client/lib/api-client';
import { cn } from '#client/lib/cn';
import { toast } from '#client/lib/toast';
import { UploadField } from '#client/features/uploads';
import { useCreateLesson } from '../api/create-lesson';
import { useUpdateLesson } from '../api/update-lesson';
import {
  draftFieldsFromServer,
  draftFromLesson,
  emptyLessonDraft,
  lessonDraftErrors,
  lessonInputFrom,
  type LessonDraft,
} from '../lesson-draft';
import { readVideoDuration } from '../video-duration';
import { AttachmentsField } from './attachments-field';
import { CaptionsFields } from './captions-fields';
import { MarkdownEditor } from './markdown-editor';

/** Questions and due dates are set from the lesson's row once it exists (graded-lesson-tools.tsx). */
const BODY_LABELS: Record<TLessonKind, string> = {
  video: 'Notes under the video (optional)',
  text: 'Lesson text',
  quiz: 'Introduction (optional)',
  assignment: 'Instructions',
};
import { failureToast } from '#client/lib/failure-toast';

/** The form checks through lessonDraftErrors, which ends in the shared ZLessonInput. */
const resolver: Resolver<LessonDraft> = async (values) => {
  const errors = lessonDraftErrors(values);
  const entries = Object.entries(errors);
  if (entries.length === 0) return { values, errors: {} };
  return {
    values: {},
    errors: Object.fromEntries(
      entries.map(([k, message]) => [k, { type: 'validate', message }]),
    ) as FieldErrors<LessonDraft>,
  };
};

interface LessonDialogProps {
  courseId: string;
  /** Where a new lesson goes; ignored when editing. */
  section: { id: string; title: string };
  /** The lesson to edit, or undefined to add one. */
  lesson?: TLessonContent;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Adds or edits a lesson: video (upload or link) or text, notes, length, preview, PDFs. */
export function LessonDialog({ courseId, section, lesson, open, onOpenChange }: LessonDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/50 backdrop-blur-[2px]" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-2xl border border-zinc-200 bg-white p-5 shadow-xl focus:outline-none sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <div className="mb-5 flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold tracking-tight">
              {lesson ? 'Edit lesson' : `Add a lesson to “${section.title}”`}
            </Dialog.Title>
            <Dialog.Close className={buttonClasses('ghost', 'icon', '-mt-2 -mr-2')} aria-label="Close">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {open ? (
            <LessonForm courseId={courseId} sectionId={section.id} lesson={lesson} onDone={() => onOpenChange(false)} />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function LessonForm({
  courseId,
  sectionId,
  lesson,
  onDone,
}: {
  courseId: string;
  sectionId: string;
  lesson?: TLessonContent;
  onDone: () => void;
}) {
  const create = useCreateLesson(courseId);
  const update = useUpdateLesson(courseId);
  const saving = create.isPending || update.isPending;
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    getValues,
    formState: { errors },
  } = useForm<LessonDraft>({ resolver, defaultValues: lesson ? draftFromLesson(lesson) : emptyLessonDraft() });
  const [kind, videoSource, videoUpload, attachments, body, captionsUpload] = useWatch({
    control,
    name: ['kind', 'videoSource', 'videoUpload', 'attachments', 'body', 'captionsUpload'],
  });

  const onError = (err: Error) => {
    const fields = err instanceof ApiError ? err.body?.fields : undefined;
    const placed = fields ? Object.entries(draftFieldsFromServer(fields)) : [];
    placed.forEach(([field, message]) => setError(field as keyof LessonDraft, { type: 'server', message }));
    if (placed.length === 0) toast(failureToast('Could not save the lesson', err));
  };

  const onSubmit = handleSubmit((draft) => {
    const input = lessonInputFrom(draft);
    if (lesson) update.mutate({ lessonId: lesson.id, body: input }, { onSuccess: onDone, onError });
    else create.mutate({ sectionId, body: input }, { onSuccess: onDone, onError });
  });

  const choice = (active: boolean) =>
    cn(
      'relative flex cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600',
      active
        ? 'border-indigo-600 bg-indigo-50 text-indigo-900 dark:border-indigo-400 dark:bg-indigo-950/50 dark:text-indigo-100'
        : 'border-zinc-300 hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800',
    );

  return (
    <form noValidate onSubmit={onSubmit} aria-label={lesson ? 'Edit lesson' : 'Add a lesson'} className="space-y-5">
      <FormField id="lesson-title" label="Lesson title" error={errors.title?.message}>
        {(c) => <Input {...c} {...register('title')} maxLength={160} autoComplete="off" />}
      </FormField>

      <fieldset>
        <legend className="mb-1.5 text-sm font-medium">Lesson type</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <label className={choice(kind === 'video')}>
            <input type="radio" value="video" {...register('kind')} className="sr-only" />
            <PlayCircle aria-hidden="true" className="size-5" /> Video
          </label>
          <label className={choice(kind === 'text')}>
            <input type="radio" value="text" {...register('kind')} className="sr-only" />
            <FileText aria-hidden="true" className="size-5" /> Text
          </label>
          <label className={choice(kind === 'quiz')}>
            <input type="radio" value="quiz" {...register('kind')} className="sr-only" />
            <ListChecks aria-hidden="true" className="size-5" /> Quiz
          </label>
          <label className={choice(kind === 'assignment')}>
            <input type="radio" value="assignment" {...register('kind')} className="sr-only" />
            <ClipboardCheck aria-hidden="true" className="size-5" /> Assignment
          </label>
        </div>
      </fieldset>

      {kind === 'video' ? (
        <div className="space-y-4 rounded-xl bg-zinc-50 p-4 dark:bg-zinc-950/50">
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium">Video source</legend>
            <div className="flex flex-wrap gap-2">
              <label className={cn(choice(videoSource === 'upload'), 'py-2')}>
                <input type="radio" value="upload" {...register('videoSource')} className="sr-only" />
                <Upload aria-hidden="true" className="size-4" /> Upload a file
              </label>
              <label className={cn(choice(videoSource === 'url'), 'py-2')}>
                <input type="radio" value="url" {...register('videoSource')} className="sr-only" />
                <Link2 aria-hidden="true" className="size-4" /> Link to a video
              </label>
            </div>
          </fieldset>
          {videoSource === 'upload' ? (
            <div className="space-y-1.5">
              <UploadField
                id="lesson-video"
                kind="video"
                label="Video file"
                buttonText={videoUpload ? 'Replace the video' : 'Choose a video'}
                onUploaded={(upload, file) => {
                  setValue('videoUpload', upload, { shouldDirty: true });
                  clearErrors('videoUpload');
                  void readVideoDuration(file).then((seconds) => {
                    if (seconds === undefined || getValues('minutes') || getValues('seconds')) return;
                    setValue('minutes', String(Math.floor(seconds / 60)));
                    setValue('seconds', String(seconds % 60));
                  });
                }}
              >
                {videoUpload ? (
                  <p
                    className="flex items-center gap-2 text-sm text-emerald-800 dark:text-emerald-300"
                    data-testid="lesson-video-file"
                  >
                    <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
                    <span className="min-w-0 truncate">{videoUpload.name}</span>
                  </p>
                ) : null}
              </UploadField>
              {errors.videoUpload?.message ? (
                <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                  {errors.videoUpload.message}
                </p>
              ) : null}
            </div>
          ) : (
            <FormField
              id="lesson-video-url"
              label="Video link"
              hint="A direct https:// link to an MP4 or WebM file"
              error={errors.videoUrl?.message}
            >
              {(c) => (
                <Input
                  {...c}
                  {...register('videoUrl')}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  spellCheck={false}
                  autoComplete="off"
                />
              )}
            </FormField>
          )}
          <CaptionsFields
            upload={captionsUpload}
            onUpload={(upload) => {
              setValue('captionsUpload', upload, { shouldDirty: true });
              clearErrors('captionsUpload');
            }}
            uploadError={errors.captionsUpload?.message}
            label={(c) => <Input {...c} {...register('captionsLabel')} maxLength={40} autoComplete="off" />}
            labelError={errors.captionsLabel?.message}
            language={(c) => (
              <Input {...c} {...register('captionsLanguage')} maxLength={35} autoComplete="off" spellCheck={false} />
            )}
            languageError={errors.captionsLanguage?.message}
          />
        </div>
      ) : null}

      <MarkdownEditor id="lesson-body" label={BODY_LABELS[kind]} value={body} error={errors.body?.message}>
        {(c) => (
          <Textarea {...c} {...register('body')} rows={kind === 'text' ? 10 : 4} className="font-mono text-[0.85rem]" />
        )}
      </MarkdownEditor>

      <fieldset>
        <legend className="mb-1.5 text-sm font-medium">Duration</legend>
        <div className="flex items-start gap-3">
          <div className="w-28">
            <FormField
              id="lesson-minutes"
              label={<span className="text-xs text-zinc-600 dark:text-zinc-400">Minutes</span>}
              error={errors.minutes?.message}
            >
              {(c) => <Input {...c} {...register('minutes')} inputMode="numeric" autoComplete="off" />}
            </FormField>
          </div>
          <div className="w-28">
            <FormField
              id="lesson-seconds"
              label={<span className="text-xs text-zinc-600 dark:text-zinc-400">Seconds</span>}
              error={errors.seconds?.message}
            >
              {(c) => <Input {...c} {...register('seconds')} inputMode="numeric" autoComplete="off" />}
            </FormField>
          </div>
        </div>
      </fieldset>

      <label className="flex items-start gap-3 text-sm">
        <Checkbox {...register('preview')} />
        <span>
          <span className="font-medium">Free preview</span>
          <span className="block text-zinc-600 dark:text-zinc-400">Anyone can open this lesson before enrolling.</span>
        </span>
      </label>

      <AttachmentsField
        value={attachments}
        onChange={(next) => setValue('attachments', next, { shouldDirty: true })}
        error={errors.attachments?.message}
      />

      <div className="flex flex-col-reverse gap-2 border-t border-zinc-200 pt-4 sm:flex-row sm:justify-end dark:border-zinc-800">
        <Dialog.Close asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.Close>
        <Button type="submit" loading={saving} loadingText="Saving…">
          {lesson ? 'Save lesson' : 'Add lesson'}
        </Button>
      </div>
    </form>
  );
}
