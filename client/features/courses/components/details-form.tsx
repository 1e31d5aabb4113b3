import { zodResolver } from '@hookform/resolvers/zod';
import { ImageIcon, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  COURSE_CATEGORIES,
  COURSE_CATEGORY_LABELS,
  COURSE_LANGUAGE_LABELS,
  COURSE_LANGUAGES,
  COURSE_LEVEL_LABELS,
  COURSE_LEVELS,
} from '#shared/courses/courses.constants';
import { ZCourseInput, type TCourseDetail, type TCourseInput } from '#shared/courses/courses.schemas';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Select } from '#client/components/ui/select';
import { Textarea } from '#client/components/ui/textarea';
import { ApiError } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { SkillsPicker } from '#client/features/skills';
import { UploadField } from '#client/features/uploads';
import { koboToNaira, nairaToKobo, priceError } from '../price';
import { MarkdownEditor } from './markdown-editor';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { failureToast } from '#client/lib/failure-toast';

/**
 * The shared input schema, with the price as the naira text people type; it becomes kobo on
 * the way out. Selects start empty, so "Choose a category" shows until one is chosen.
 */
const ZDetailsForm = ZCourseInput.omit({ priceMinor: true, currency: true }).extend({
  price: z.string().superRefine((text, ctx) => {
    const message = priceError(text);
    if (message) ctx.addIssue({ code: 'custom', message });
  }),
});
export type DetailsDraft = z.input<typeof ZDetailsForm>;
const FIELDS = [
  'title',
  'summary',
  'description',
  'category',
  'level',
  'language',
  'price',
  'thumbnailUploadId',
  'skills',
] as const;

function draftOf(course: TCourseDetail | undefined): DetailsDraft {
  return {
    title: course?.title ?? '',
    summary: course?.summary ?? '',
    description: course?.description ?? '',
    category: course?.category ?? ('' as never),
    level: course?.level ?? ('' as never),
    language: course?.language ?? 'en',
    price: course ? koboToNaira(course.priceMinor) : '0',
    thumbnailUploadId: course?.thumbnailUploadId ?? null,
    skills: course?.skills.map((s) => s.slug) ?? [],
  };
}

function inputOf(draft: z.output<typeof ZDetailsForm>): TCourseInput {
  const { price, ...rest } = draft;
  return { ...rest, priceMinor: nairaToKobo(price) ?? 0, currency: 'NGN' };
}

/** Title, summary, description, category, level, language, price and thumbnail; one Save. */
export function DetailsForm({
  course,
  onSave,
  saving,
}: {
  course?: TCourseDetail;
  onSave: (input: TCourseInput, handlers: { onError: (err: Error) => void; onSuccess: () => void }) => void;
  saving: boolean;
}) {
  const [thumbnail, setThumbnail] = useState<{ url: string; srcset: string | null } | null>(
    course?.thumbnailUrl ? { url: course.thumbnailUrl, srcset: course.thumbnailSrcset } : null,
  );
  const [skills, setSkills] = useState(course?.skills ?? []);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<DetailsDraft, unknown, z.output<typeof ZDetailsForm>>({
    resolver: zodResolver(ZDetailsForm),
    defaultValues: draftOf(course),
  });
  const description = useWatch({ control, name: 'description' }) ?? '';
  const price = useWatch({ control, name: 'price' });
  const priceKobo = nairaToKobo(price);

  const onSubmit = handleSubmit((values) =>
    onSave(inputOf(values), {
      onSuccess: () => reset(values),
      onError: (err) => {
        const fields = err instanceof ApiError ? err.body?.fields : undefined;
        let placed = false;
        for (const name of FIELDS) {
          const message = fields?.[name === 'price' ? 'priceMinor' : name];
          if (message) {
            setError(name, { type: 'server', message });
            placed = true;
          }
        }
        if (!placed) toast(failureToast('Could not save the course', err));
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Course details" className="space-y-6">
      <UnsavedChangesGuard when={isDirty && !isSubmitting && !saving} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="space-y-5">
          <FormField
            id="course-title"
            label="Title"
            error={errors.title?.message}
            hint="Clear and specific, e.g. “Excel for small business owners”"
          >
            {(c) => <Input {...c} {...register('title')} maxLength={120} autoComplete="off" />}
          </FormField>
          <FormField
            id="course-summary"
            label="Summary"
            error={errors.summary?.message}
            hint="One or two sentences shown on the course card and page"
          >
            {(c) => <Textarea {...c} {...register('summary')} rows={2} maxLength={300} className="min-h-16" />}
          </FormField>
          <MarkdownEditor
            id="course-description"
            label="Description"
            value={description}
            error={errors.description?.message}
          >
            {(c) => (
              <Textarea
                {...c}
                {...register('description')}
                rows={9}
                className="font-mono text-[0.85rem]"
                placeholder="What will learners be able to do after this course? Who is it for?"
              />
            )}
          </MarkdownEditor>
        </div>
        <div className="space-y-5">
          <FormField id="course-category" label="Category" error={errors.category?.message}>
            {(c) => (
              <Select {...c} {...register('category')}>
                <option value="">Choose a category</option>
                {COURSE_CATEGORIES.map((value) => (
                  <option key={value} value={value}>
                    {COURSE_CATEGORY_LABELS[value]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField id="course-level" label="Level" error={errors.level?.message}>
            {(c) => (
              <Select {...c} {...register('level')}>
                <option value="">Choose a level</option>
                {COURSE_LEVELS.map((value) => (
                  <option key={value} value={value}>
                    {COURSE_LEVEL_LABELS[value]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField id="course-language" label="Language" error={errors.language?.message}>
            {(c) => (
              <Select {...c} {...register('language')}>
                {COURSE_LANGUAGES.map((value) => (
                  <option key={value} value={value}>
                    {COURSE_LANGUAGE_LABELS[value]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField
            id="course-price"
            label="Price (₦)"
            error={errors.price?.message}
            hint={priceKobo === 0 ? 'Free: learners enrol at once' : 'Learners pay this once; 0 makes the course free'}
          >
            {(c) => (
              <div className="relative">
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-zinc-500"
                >
                  ₦
                </span>
                <Input {...c} {...register('price')} inputMode="decimal" autoComplete="off" className="pl-7" />
              </div>
            )}
          </FormField>
        </div>
      </div>

      <UploadField
        id="course-thumbnail"
        kind="image"
        label="Thumbnail"
        buttonText={thumbnail ? 'Replace the image' : 'Choose an image'}
        onUploaded={(upload) => {
          setValue('thumbnailUploadId', upload.id, { shouldDirty: true });
          setThumbnail({ url: upload.url, srcset: upload.srcset });
        }}
      >
        <div className="flex items-center gap-4">
          {thumbnail ? (
            <img
              src={thumbnail.url}
              srcSet={thumbnail.srcset ?? undefined}
              sizes={thumbnail.srcset ? '192px' : undefined}
              alt="Thumbnail preview"
              className="aspect-video w-48 rounded-lg object-cover ring-1 ring-zinc-200 dark:ring-zinc-800"
            />
          ) : (
            <div className="flex aspect-video w-48 items-center justify-center rounded-lg bg-zinc-100 text-zinc-400 dark:bg-zinc-800">
              <ImageIcon aria-hidden="true" className="size-8" />
              <span className="sr-only">No thumbnail yet</span>
            </div>
          )}
          {thumbnail ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setValue('thumbnailUploadId', null, { shouldDirty: true });
                setThumbnail(null);
              }}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Remove
            </Button>
          ) : null}
        </div>
      </UploadField>
      {errors.thumbnailUploadId?.message ? (
        <p className="text-sm text-red-700 dark:text-red-400">{errors.thumbnailUploadId.message}</p>
      ) : null}

      <SkillsPicker
        id="course-skills"
        label="Skills this course teaches"
        value={skills}
        error={errors.skills?.message}
        hint="Learners and employers find courses by these. Arrow keys to move, Enter to add."
        onChange={(next) => {
          setSkills(next);
          setValue(
            'skills',
            next.map((s) => s.slug),
            { shouldDirty: true },
          );
        }}
      />

      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-zinc-200 pt-5 dark:border-zinc-800">
        {isDirty ? <span className="text-sm text-amber-700 dark:text-amber-400">You have unsaved changes</span> : null}
        <Button type="submit" loading={saving} loadingText="Saving…" disabled={Boolean(course) && !isDirty}>
          {course ? 'Save details' : 'Create course'}
        </Button>
      </div>
    </form>
  );
}
