import type { Db, DbOrTx } from '#server/db/client';
import { AppError } from '#server/lib/errors';
import type { TAssessedWork } from '#shared/courses/assessments.schemas';
import type { TCertificate } from '#shared/courses/lessons.schemas';
import type { TSkillRef } from '#shared/skills/skills.schemas';
import type { CredentialsService } from '#server/features/credentials';
import { CERTIFICATE_CODE, newCertificateCode, normaliseCode } from './certificate-code';
import { renderCertificatePdf } from './certificate-pdf';
import { type CertificateRow, certificatesRepo } from './certificates.repo';

export interface IssueInput {
  userId: string;
  courseId: string;
  learnerName: string;
  courseTitle: string;
  tutorName: string;
  assessedWork?: TAssessedWork[];
  /** What the course teaches: the credential's alignment. */
  skills?: TSkillRef[];
}

const notFound = () => new AppError('NOT_FOUND', 'No certificate has this code.');
export const certificatePagePath = (code: string) => `/certificates/${code}`;

export function createCertificatesService(deps: {
  db: Db;
  appUrl: string;
  credentials: CredentialsService;
  now: () => Date;
}) {
  const { db, appUrl, credentials, now } = deps;

  /** The certificate's Open Badges credential, in the certificate's transaction (decision 073). */
  async function credentialFor(row: CertificateRow, skills: TSkillRef[], tx: DbOrTx) {
    const work = row.assessedWork;
    await credentials.issue(
      {
        userId: row.userId,
        subject: { kind: 'course', courseId: row.courseId },
        holderName: row.learnerName,
        achievement: {
          id: `${appUrl}/courses/course-detail/${row.courseId}`,
          kind: 'course',
          name: row.courseTitle,
          description: `Completion of the course "${row.courseTitle}", taught by ${row.tutorName}.`,
          criteria:
            work.length > 0
              ? 'Every lesson of the course completed, with its quizzes and graded assignments passed.'
              : 'Every lesson of the course completed.',
          alignment: skills.map(({ slug, name }) => ({ slug, name })),
        },
        evidence: [
          {
            name: `Certificate ${row.code}`,
            description: `Course completed on ${row.issuedAt.toISOString().slice(0, 10)}.`,
            url: `${appUrl}${certificatePagePath(row.code)}`,
            date: row.issuedAt.toISOString(),
          },
          ...work.map((w) => ({
            name: `${w.kind === 'quiz' ? 'Quiz' : 'Assignment'}: ${w.title}`,
            description: w.result,
          })),
        ],
      },
      tx,
    );
  }

  async function byCode(input: string): Promise<CertificateRow> {
    const code = normaliseCode(input);
    const row = CERTIFICATE_CODE.test(code) ? await certificatesRepo.findByCode(db, code) : undefined;
    if (!row) throw notFound();
    return row;
  }

  return {
    /**
     * The learner's certificate for the course, issued now if there is none. The unique
     * (learner, course) index keeps it to one however requests race; a clash of random codes
     * (about one in a trillion) just draws again.
     */
    async issue(input: IssueInput, tx: DbOrTx = db): Promise<CertificateRow> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const existing = await certificatesRepo.findFor(tx, input.userId, input.courseId);
        if (existing) return existing;
        const { skills = [], ...fields } = input;
        const row = await certificatesRepo.insert(tx, {
          ...fields,
          assessedWork: input.assessedWork ?? [],
          code: newCertificateCode(),
          issuedAt: now(),
        });
        if (row) {
          await credentialFor(row, skills, tx);
          return row;
        }
      }
      throw new Error('could not draw a free certificate code');
    },

    /**
     * The course's grant was taken back (a refund): its credential is revoked, since what it
     * certifies is no longer backed. The certificate row stays, as the page a verifier was given.
     */
    async withdraw(userId: string, courseId: string, reason: string, tx: DbOrTx = db): Promise<void> {
      await credentials.revokeFor({ userId, subject: { kind: 'course', courseId } }, reason, tx);
    },

    async codesFor(userId: string, courseIds: string[], tx: DbOrTx = db): Promise<Map<string, string>> {
      return new Map((await certificatesRepo.codesFor(tx, userId, courseIds)).map((r) => [r.courseId, r.code]));
    },

    /** A member's certificates (code, course, date), newest first: public facts, as the code's page is. */
    async ofUser(
      userId: string,
      limit = 50,
    ): Promise<Array<{ code: string; courseId: string; courseTitle: string; issuedAt: string }>> {
      return (await certificatesRepo.ofUser(db, userId, limit)).map((r) => ({
        ...r,
        issuedAt: r.issuedAt.toISOString(),
      }));
    },

    /** Public: anyone holding the code may confirm what it certifies. */
    async getPublic(code: string): Promise<TCertificate> {
      const row = await byCode(code);
      return {
        code: row.code,
        learnerName: row.learnerName,
        courseTitle: row.courseTitle,
        courseId: row.courseId,
        tutorName: row.tutorName,
        issuedAt: row.issuedAt.toISOString(),
        pdfUrl: `/api/certificates/${row.code}/pdf`,
        assessedWork: row.assessedWork,
        credentialId: (await credentials.liveFor(row.userId, { kind: 'course', courseId: row.courseId }))?.id ?? null,
      };
    },

    async pdf(code: string): Promise<{ fileName: string; bytes: Uint8Array }> {
      const row = await byCode(code);
      const bytes = await renderCertificatePdf({ ...row, verifyUrl: `${appUrl}${certificatePagePath(row.code)}` });
      return { fileName: `certificate-${row.code}.pdf`, bytes };
    },
  };
}

export type CertificatesService = ReturnType<typeof createCertificatesService>;
