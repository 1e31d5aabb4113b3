import type { AllServices } from '#server/platform/module';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { SeedCourse } from './catalogue-types';

const REVIEWS: Array<[rating: number, text: string]> = [
  [5, 'Clear, practical and straight to the point. I used it at work the same week.'],
  [4, 'Very good lessons. A few more examples would make it perfect.'],
  [5, 'The exercises made everything click. Highly recommended.'],
  [4, 'Well explained and easy to follow on my phone.'],
  [3, 'Useful basics, though I wanted more depth in the second section.'],
];

/**
 * Each learner enrols in a different handful of free courses: finishes some (certificates and
 * their notifications included), is halfway through others, and reviews what they finished.
 */
export async function seedLearners(services: AllServices, learners: TUser[], published: Array<{ id: string; course: SeedCourse }>) {
  const { courseLearning, courseReviews } = services;
  const free = published.filter((p) => p.course.priceMinor === 0);
  for (const [i, learner] of learners.entries()) {
    const mine = free.filter((_, n) => (n + i) % 2 === 0).slice(0, 6);
    for (const [n, { id }] of mine.entries()) {
      await courseLearning.enrol(learner, id);
      const content = await courseLearning.content(learner, id);
      const lessons = content.sections.flatMap((s) => s.lessons);
      // The first two are finished, the rest are underway.
      const upTo = n < 2 ? lessons.length : Math.ceil(lessons.length / 2);
      for (const lesson of lessons.slice(0, upTo)) await courseLearning.complete(learner, id, lesson.id);
      const resume = lessons[Math.min(upTo, lessons.length - 1)]!;
      await courseLearning.setPosition(learner, id, { lessonId: resume.id, positionSeconds: resume.kind === 'video' ? 3 : 0 });
      if (n < 4) {
        const [rating, text] = REVIEWS[(i + n) % REVIEWS.length]!;
        await courseReviews.upsert(learner, id, { rating, text });
      }
    }
  }
}
