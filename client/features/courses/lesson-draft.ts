import { ZLessonInput, type TLessonContent, type TLessonInput } from '#shared/courses/lessons.schemas';
import type { TLessonKind } from '#shared/courses/courses.constants';
import type { TUpload } from '#shared/uploads/uploads.schemas';

/** What the uploads in a draft need: enough to name, link and send them. */
export type TDraftUpload = Pick<TUpload, 'id' | 'name' | 'url'> & Partial<Pick<TUpload, 'size'>>;

/**
 * The lesson form's state. It differs from the API's input where people and inputs differ:
 * minutes and seconds as typed, the choice between an uploaded video and a link, and uploads
 * kept whole (name and url) so the form can show them.
 */
export interface LessonDraft {
  title: string;
  kind: TLessonKind;
  body: string;
  minutes: string;
  seconds: string;
  preview: boolean;
  videoSource: 'upload' | 'url';
  videoUpload: TDraftUpload | null;
  videoUrl: string;
  attachments: TDraftUpload[];
  /** A video lesson's WebVTT captions, and their name and language in the player's menu. */
  captionsUpload: TDraftUpload | null;
  captionsLabel: string;
  captionsLanguage: string;
}

export type LessonDraftField = keyof LessonDraft;

export const emptyLessonDraft = (kind: LessonDraft['kind'] = 'video'): LessonDraft => ({
  title: '',
  kind,
  body: '',
  minutes: '',
  seconds: '',
  preview: false,
  videoSource: 'upload',
  videoUpload: null,
  videoUrl: '',
  attachments: [],
  captionsUpload: null,
  captionsLabel: 'English',
  captionsLanguage: 'en',
});

export function draftFromLesson(lesson: TLessonContent): LessonDraft {
  const upload =
    lesson.videoUpload ?? (lesson.videoUploadId ? { id: lesson.videoUploadId, name: 'Uploaded video', url: '' } : null);
  return {
    title: lesson.title,
    kind: lesson.kind,
    body: lesson.body,
    minutes: lesson.durationSeconds ? String(Math.floor(lesson.durationSeconds / 60)) : '',
    seconds: lesson.durationSeconds ? String(lesson.durationSeconds % 60) : '',
    preview: lesson.preview,
    videoSource: lesson.videoUrl && !upload ? 'url' : 'upload',
    videoUpload: upload,
    videoUrl: lesson.videoUrl ?? '',
    attachments: lesson.attachments,
    captionsUpload:
      lesson.captionsUpload ??
      (lesson.captionsUploadId ? { id: lesson.captionsUploadId, name: 'Uploaded captions', url: '' } : null),
    captionsLabel: lesson.captionsLabel,
    captionsLanguage: lesson.captionsLanguage,
  };
}

const wholeNumber = (text: string) => (text.trim() === '' ? 0 : /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);

export function durationOf(draft: Pick<LessonDraft, 'minutes' | 'seconds'>): number {
  return wholeNumber(draft.minutes) * 60 + wholeNumber(draft.seconds);
}

/** The API's input: a video lesson sends the chosen source and clears the other. */
export function lessonInputFrom(draft: LessonDraft): TLessonInput {
  const common = {
    title: draft.title,
    body: draft.body,
    durationSeconds: durationOf(draft),
    preview: draft.preview,
    attachmentUploadIds: draft.attachments.map((a) => a.id),
  };
  if (draft.kind !== 'video') return { ...common, kind: draft.kind };
  const useUrl = draft.videoSource === 'url';
  return {
    ...common,
    kind: 'video',
    videoUploadId: useUrl ? null : (draft.videoUpload?.id ?? null),
    videoUrl: useUrl ? draft.videoUrl.trim() : null,
    captionsUploadId: draft.captionsUpload?.id ?? null,
    captionsLabel: draft.captionsLabel.trim(),
    captionsLanguage: draft.captionsLanguage.trim(),
  };
}

/** Where each API field's message goes in the form. */
const FIELD_OF: Record<string, LessonDraftField> = {
  title: 'title',
  body: 'body',
  durationSeconds: 'minutes',
  videoUrl: 'videoUrl',
  videoUploadId: 'videoUpload',
  attachmentUploadIds: 'attachments',
  captionsUploadId: 'captionsUpload',
  captionsLabel: 'captionsLabel',
  captionsLanguage: 'captionsLanguage',
};

/**
 * The form's messages: what people must fill in (a video, a text), then the shared schema's own
 * rules (ZLessonInput), so the form and the server say the same thing.
 */
export function lessonDraftErrors(draft: LessonDraft): Partial<Record<LessonDraftField, string>> {
  const errors: Partial<Record<LessonDraftField, string>> = {};
  const minutes = wholeNumber(draft.minutes);
  const seconds = wholeNumber(draft.seconds);
  if (Number.isNaN(minutes) || minutes > 24 * 60) errors.minutes = 'Enter whole minutes, up to 1440';
  if (Number.isNaN(seconds) || seconds > 59) errors.seconds = 'Enter seconds from 0 to 59';
  if (draft.kind === 'video' && draft.videoSource === 'upload' && !draft.videoUpload)
    errors.videoUpload = 'Upload the video, or use a link instead';
  if (draft.kind === 'video' && draft.videoSource === 'url' && !draft.videoUrl.trim())
    errors.videoUrl = 'Enter the link of the video';
  if (draft.kind === 'text' && !draft.body.trim()) errors.body = 'Write the lesson';

  const parsed = ZLessonInput.safeParse(lessonInputFrom(draft));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  return errors;
}

/** The server's 400 `fields`, keyed by API names, moved onto the form's fields. */
export function draftFieldsFromServer(fields: Record<string, string>): Partial<Record<LessonDraftField, string>> {
  const out: Partial<Record<LessonDraftField, string>> = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = FIELD_OF[key];
    if (field) out[field] = message;
  }
  return out;
}
