import type { SeedCourse } from './catalogue-types';

const TIPS = [
  'Ten focused minutes every day beat a long session once a week.',
  'Write your notes in your own words: explaining is the fastest way to learn.',
  'Share what you made with a friend and ask for one honest suggestion.',
  'If something is unclear, replay the lesson before moving on.',
  'Keep a small notebook of questions and bring them to the next lesson.',
];

/** A lesson's Markdown: an introduction, its points as a list, an exercise and a tip. */
export function lessonBody(course: SeedCourse, section: string, title: string, points: string[], n: number): string {
  const [first, ...rest] = points;
  return [
    `## ${title}`,
    '',
    `This lesson is part of **${section}** in *${course.title}*. ${course.summary}`,
    '',
    `We start with ${first?.toLowerCase() ?? 'the basics'}, then build on it step by step${rest.length ? `: ${rest.map((p) => p.toLowerCase()).join(', then ')}` : ''}.`,
    '',
    '### What you will learn',
    '',
    ...points.map((p) => `- ${p}`),
    '',
    '### Try it yourself',
    '',
    `1. Read through the points above and pick the one that matters most for your work.`,
    `2. Spend fifteen minutes applying it to a real example of your own.`,
    `3. Write down what worked, what did not, and one question you still have.`,
    '',
    `> **Tip:** ${TIPS[n % TIPS.length]}`,
    '',
  ].join('\n');
}

/** Reading time of a text lesson, roughly: Markdown at 120 words a minute plus the exercise. */
export function readingSeconds(body: string): number {
  return Math.round((body.split(/\s+/).length / 120) * 60) + 600;
}
