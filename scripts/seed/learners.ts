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
 * A learner goes through a video or text lesson the way the player reports it (decision 052):
 * a report every 30 seconds on the seed's clock, the video moving on 60 seconds each time (double
 * speed, the fastest that counts), the text scrolled to its end, until the lesson completes.
 */
async function learn(services: AllServices, learner: TUser, courseId: string, lessonId: string, tick: (seconds: number) => void) {
  for (let position = 0; position <= 24 * 3600; position += 60) {
    const progress = await services.courseLearning.beat(learner, courseId, lessonId, { positionSeconds: position, scrolledToEnd: true });
    if (progress.completedLessonIds.includes(lessonId)) return;
    tick(30);
  }
}

/**
 * Each learner enrols in a different handful of free courses: finishes some (certificates and
 * their notifications included), is halfway through others, and reviews what they finished.
 */
export async function seedLearners(
  services: AllServices,
  learners: TUser[],
  published: Array<{ id: string; course: SeedCourse }>,
  tick: (seconds: number) => void,
) {
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
      for (const lesson of lessons.slice(0, upTo)) await learn(services, learner, id, lesson.id, tick);
      const resume = lessons[Math.min(upTo, lessons.length - 1)]!;
      await courseLearning.setPosition(learner, id, { lessonId: resume.id, positionSeconds: resume.kind === 'video' ? 3 : 0 });
      if (n < 4) {
        const [rating, text] = REVIEWS[(i + n) % REVIEWS.length]!;
        await courseReviews.upsert(learner, id, { rating, text });
      }
    }
  }
}
