import type { Harness } from '#server/test/harness';
import { actor, makeCourse, readLesson, type Actor } from '../../courses/testing/course-fixtures';

export interface Certified {
  tutor: Actor;
  learner: Actor;
  courseId: string;
  code: string;
  credentialId: string;
}

/** A learner who completed a one-lesson course teaching a skill: its certificate and credential, made the way people do. */
export async function certifiedLearner(h: Harness, skillName = 'Bookkeeping'): Promise<Certified> {
  const tutor = await actor(h, 'tutor');
  const learner = await actor(h);
  const { skill } = await h.services.skills.propose(tutor.user.id, skillName);
  const course = await makeCourse(h, tutor.user, { lessons: 1, input: { skills: [skill.slug] } });
  await h.services.courseLearning.enrol(learner.user, course.id);
  const { certificateCode } = await readLesson(h, learner.user, course.id, course.lessonIds[0]!);
  if (!certificateCode) throw new Error('the course did not complete');
  const certificate = await h.services.certificates.getPublic(certificateCode);
  if (!certificate.credentialId) throw new Error('no credential was issued with the certificate');
  return { tutor, learner, courseId: course.id, code: certificateCode, credentialId: certificate.credentialId };
}

/** Whether bit `index` of a Bitstring Status List's `encodedList` is set (decoded here as any verifier would). */
export async function statusBit(encodedList: string, index: number): Promise<boolean> {
  const { gunzipSync } = await import('node:zlib');
  const bytes = gunzipSync(Buffer.from(encodedList.slice(1), 'base64url'));
  return (bytes[Math.floor(index / 8)]! & (0x80 >> (index % 8))) !== 0;
}
