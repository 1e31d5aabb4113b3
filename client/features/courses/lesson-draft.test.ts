import { describe, expect, it } from 'vitest';
import type { TLessonContent } from '#shared/courses/lessons.schemas';
import {
  draftFieldsFromServer,
  draftFromLesson,
  emptyLessonDraft,
  lessonDraftErrors,
  lessonInputFrom,
} from './lesson-draft';

const UPLOAD_ID = '0b7c8a1e-3f2d-4c1b-9a8e-7d6c5b4a3f2e';
const DOC_ID = '1b7c8a1e-3f2d-4c1b-9a8e-7d6c5b4a3f2e';

describe('lessonInputFrom', () => {
  it('sends the uploaded video and clears the link', () => {
    const draft = {
      ...emptyLessonDraft('video'),
      title: 'Welcome',
      minutes: '4',
      seconds: '5',
      videoUpload: { id: UPLOAD_ID, name: 'intro.webm', url: '/uploads/x.webm' },
      videoUrl: 'https://old.example/video.mp4',
      attachments: [{ id: DOC_ID, name: 'notes.pdf', url: '/uploads/y.pdf' }],
    };
    expect(lessonInputFrom(draft)).toEqual({
      kind: 'video',
      title: 'Welcome',
      body: '',
      durationSeconds: 245,
      preview: false,
      attachmentUploadIds: [DOC_ID],
      videoUploadId: UPLOAD_ID,
      videoUrl: null,
      captionsUploadId: null,
      captionsLabel: 'English',
      captionsLanguage: 'en',
    });
  });

  it('sends the captions with their name and language, and a language the server would refuse is caught first', () => {
    const draft = {
      ...emptyLessonDraft('video'),
      title: 'Welcome',
      videoUpload: { id: UPLOAD_ID, name: 'intro.webm', url: '/uploads/x.webm' },
      captionsUpload: { id: DOC_ID, name: 'intro.vtt', url: '/uploads/y.vtt' },
      captionsLabel: ' Yorùbá ',
      captionsLanguage: 'yo',
    };
    expect(lessonInputFrom(draft)).toMatchObject({
      captionsUploadId: DOC_ID,
      captionsLabel: 'Yorùbá',
      captionsLanguage: 'yo',
    });
    expect(lessonDraftErrors({ ...draft, captionsLanguage: 'Yoruba language' })).toHaveProperty('captionsLanguage');
    // Only a video lesson has captions.
    expect(lessonInputFrom({ ...draft, kind: 'text', body: 'Text' })).not.toHaveProperty('captionsUploadId');
  });

  it('sends a link instead when chosen, and text lessons carry no video', () => {
    const link = {
      ...emptyLessonDraft('video'),
      title: 'Clip',
      videoSource: 'url' as const,
      videoUrl: ' https://cdn.example/a.mp4 ',
    };
    expect(lessonInputFrom(link)).toMatchObject({ videoUploadId: null, videoUrl: 'https://cdn.example/a.mp4' });
    const text = { ...emptyLessonDraft('text'), title: 'Read me', body: '# Hi' };
    expect(lessonInputFrom(text)).toEqual({
      kind: 'text',
      title: 'Read me',
      body: '# Hi',
      durationSeconds: 0,
      preview: false,
      attachmentUploadIds: [],
    });
  });
});

describe('lessonDraftErrors', () => {
  it('asks for what each kind needs', () => {
    expect(lessonDraftErrors(emptyLessonDraft('video'))).toEqual({
      title: 'Lesson title must be at least 2 characters',
      videoUpload: 'Upload the video, or use a link instead',
    });
    expect(lessonDraftErrors({ ...emptyLessonDraft('text'), title: 'Ok title' })).toEqual({ body: 'Write the lesson' });
  });

  it("uses the shared schema's messages for links and durations", () => {
    const draft = {
      ...emptyLessonDraft('video'),
      title: 'Clip',
      videoSource: 'url' as const,
      videoUrl: 'http://insecure.example/a.mp4',
    };
    expect(lessonDraftErrors(draft)).toEqual({ videoUrl: 'Enter a full https:// link' });
    expect(
      lessonDraftErrors({ ...draft, videoUrl: 'https://ok.example/a.mp4', minutes: 'abc', seconds: '75' }),
    ).toEqual({
      minutes: 'Enter whole minutes, up to 1440',
      seconds: 'Enter seconds from 0 to 59',
    });
  });

  it('passes a complete lesson', () => {
    expect(lessonDraftErrors({ ...emptyLessonDraft('text'), title: 'Reading', body: 'Hello' })).toEqual({});
  });
});

describe('draftFromLesson', () => {
  const lesson: TLessonContent = {
    id: 'l1',
    sectionId: 's1',
    title: 'Intro',
    kind: 'video',
    body: '',
    durationSeconds: 245,
    preview: true,
    videoUrl: 'https://cdn.example/a.mp4',
    videoUploadId: null,
    attachments: [],
    captionsUploadId: null,
    captionsLabel: 'English',
    captionsLanguage: 'en',
  };

  it('fills the form from a saved lesson', () => {
    expect(draftFromLesson(lesson)).toMatchObject({
      minutes: '4',
      seconds: '5',
      videoSource: 'url',
      preview: true,
      videoUpload: null,
    });
    const uploaded = draftFromLesson({ ...lesson, videoUrl: null, videoUploadId: UPLOAD_ID });
    expect(uploaded).toMatchObject({ videoSource: 'upload', videoUpload: { id: UPLOAD_ID } });
    const captioned = draftFromLesson({
      ...lesson,
      captionsUploadId: DOC_ID,
      captionsLabel: 'Hausa',
      captionsLanguage: 'ha',
    });
    expect(captioned).toMatchObject({ captionsUpload: { id: DOC_ID }, captionsLabel: 'Hausa', captionsLanguage: 'ha' });
  });

  it('moves server field messages onto form fields', () => {
    expect(draftFieldsFromServer({ durationSeconds: 'Too long', videoUrl: 'Bad link', other: 'x' })).toEqual({
      minutes: 'Too long',
      videoUrl: 'Bad link',
    });
  });
});
