import type { AllServices } from '#server/platform/module';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { SeedCourse } from './catalogue-types';

const DAY = 86_400_000;

/**
 * A quiz and an assignment at the end of a few free courses, and learners' work in every state:
 * a failed and a passed quiz, work waiting for a grade (one of them late), work that needs more,
 * and work that passed. Added after the learners' progress, so finished courses stay finished
 * (a course completed before its graded work existed keeps its certificate).
 */
export async function seedAssessments(services: AllServices, tutors: TUser[], learners: TUser[], published: Array<{ id: string; course: SeedCourse }>) {
  const { courseContent, quizzes, assignments, courseLearning } = services;
  const chosen = published.filter((p) => p.course.priceMinor === 0).slice(0, 3);
  let state = 0;
  for (const [n, { id, course }] of chosen.entries()) {
    const tutor = tutors[course.tutor]!;
    const section = await courseContent.addSection(tutor, id, { title: 'Check your understanding' });
    const common = { durationSeconds: 0, preview: false, attachmentUploadIds: [] };
    const quizLesson = await courseContent.addLesson(tutor, id, section.id, { ...common, kind: 'quiz', title: `Quiz: ${course.title}`, body: 'Three questions on what this course covered. You need 60% to pass.' });
    const quiz = await quizzes.save(tutor, id, quizLesson.id, {
      passPercent: 60,
      attemptsLimit: n === 0 ? 3 : null,
      revealAnswers: n === 0 ? 'after_last_attempt' : 'after_passing',
      questions: [
        { kind: 'single', prompt: 'When should you review your work from this course?', options: [{ text: 'Every week, while it is fresh' }, { text: 'Never' }, { text: 'Only once a year' }], correct: [0], accepted: [], explanation: 'Small, regular reviews keep what you learned.' },
        { kind: 'multiple', prompt: 'Which of these help you learn faster?', options: [{ text: 'Practising on real tasks' }, { text: 'Asking questions' }, { text: 'Skipping the exercises' }], correct: [0, 1], accepted: [], explanation: 'Practice and questions both help; skipping exercises does not.' },
        { kind: 'short', prompt: 'Which city is the capital of Nigeria?', options: [], correct: [], accepted: ['Abuja'], explanation: 'Abuja has been the capital since 1991.' },
      ],
    });
    const assignmentLesson = await courseContent.addLesson(tutor, id, section.id, {
      ...common,
      kind: 'assignment',
      title: `Assignment: put ${course.title} to work`,
      body: 'Apply one idea from this course to your own work. Hand in a short write-up, a PDF or image, or a link to what you made.',
    });
    await assignments.save(tutor, id, assignmentLesson.id, n === 0 ? { dueAt: new Date(Date.now() + 3 * DAY).toISOString(), dueDays: null } : { dueAt: null, dueDays: 14 });

    const [q1, q2, q3] = quiz.questions;
    const right = { answers: [
      { questionId: q1!.id, optionIds: [q1!.options[0]!.id], text: '' },
      { questionId: q2!.id, optionIds: [q2!.options[0]!.id, q2!.options[1]!.id], text: '' },
      { questionId: q3!.id, optionIds: [], text: 'abuja' },
    ] };
    const wrong = { answers: [{ questionId: q1!.id, optionIds: [q1!.options[1]!.id], text: '' }] };
    for (const learner of learners) {
      const enrolled = (await courseLearning.enrolments(learner)).enrollments.some((e) => e.course.id === id);
      if (!enrolled) continue;
      // Each learner's work lands in the next state, so every state appears.
      const s = state++ % 4;
      await quizzes.attempt(learner, id, quizLesson.id, s === 0 ? wrong : right);
      const work = await assignments.submit(learner, id, assignmentLesson.id, { kind: 'text', text: `My notes on applying "${course.title}" to my small business: three changes I made this week and what happened.` });
      if (s === 1) await assignments.grade(tutor, id, work.id, { decision: 'needs_work', feedback: 'A good start. Add what you would change next time.' });
      if (s === 2) await assignments.grade(tutor, id, work.id, { decision: 'pass', feedback: 'Clear and practical. Well done.' });
    }
  }
}
