import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, createHarness, type Harness } from '#server/test/harness';
import { actor, as, makeCourse } from '../courses/testing/course-fixtures';
import { employer, makeJob, seeker } from '../jobs/testing/job-fixtures';
import { listedTalent } from '../talent/testing/gig-fixtures';
import { SITE_NAME } from './page-head';

const clientDir = mkdtempSync(join(tmpdir(), 'blet-share-'));
writeFileSync(
  join(clientDir, 'index.html'),
  '<!doctype html><html><head><meta name="description" content="x" /><title>Build. Learn. Earn. Thrive.</title></head><body><div id="root"></div></body></html>',
);

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ clientDir });
});
afterAll(async () => {
  await h.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const page = async (path: string) => {
  const res = await h.app.inject({ method: 'GET', url: path });
  expect(res.statusCode, path).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return res;
};
const og = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];
const isGeneric = (html: string) => og(html, 'og:title') === SITE_NAME;

describe('shared links preview their page (issue 26)', () => {
  it("fills a job's title, Open Graph and Twitter tags from its public facts, always revalidated", async () => {
    const boss = await employer(h, 'Kano Textiles & Sons');
    const deadline = new Date(h.clock.now.getTime() + 10 * 86_400_000).toISOString();
    const job = await makeJob(h, boss, { title: 'Textile <designer>', location: 'Kano', deadline });
    const res = await page(`/jobs/${job.id}?utm_source=whatsapp`);
    const html = res.body;
    expect(html).toContain(`<title>Textile &lt;designer&gt; at Kano Textiles &amp; Sons · ${SITE_NAME}</title>`);
    expect(og(html, 'og:title')).toBe('Textile &lt;designer&gt; at Kano Textiles &amp; Sons');
    expect(og(html, 'og:description')).toMatch(
      /^Kano Textiles &amp; Sons · Kano · Hybrid · Full-time · .*250,000.*400,000 a month · Apply by /,
    );
    expect(og(html, 'og:url')).toBe(`${APP_URL}/jobs/${job.id}`);
    expect(og(html, 'og:type')).toBe('article');
    expect(og(html, 'twitter:card')).toBe('summary');
    expect(og(html, 'twitter:title')).toBe(og(html, 'og:title'));
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('gives a closed, taken-down, draft or unknown job the generic tags', async () => {
    const boss = await employer(h);
    const closed = await makeJob(h, boss, { title: 'Closed role' });
    await h.services.jobBoard.close(boss.user, closed.id);
    const draft = await makeJob(h, boss, { title: 'Draft role', status: 'draft' });
    const takenDown = await makeJob(h, boss, { title: 'Taken down role' });
    await h.services.jobModeration.takeDown((await actor(h, 'admin')).user, takenDown.id, 'Scam');
    for (const id of [closed.id, draft.id, takenDown.id, '00000000-0000-4000-8000-000000000000', '%3Cscript%3E']) {
      const html = (await page(`/jobs/${id}`)).body;
      expect(isGeneric(html), id).toBe(true);
      expect(html).not.toMatch(/role/);
    }
  });

  it('previews a published course, a listed talent and a certificate; a draft course and a hidden talent stay unnamed', async () => {
    const tutor = await actor(h, 'tutor');
    const course = await makeCourse(h, tutor.user, { input: { title: 'Excel for market traders' } });
    const draft = await makeCourse(h, tutor.user, { status: 'draft', input: { title: 'Secret draft' } });
    const courseHtml = (await page(`/courses/course-detail/${course.id}`)).body;
    expect(og(courseHtml, 'og:title')).toBe('Excel for market traders');
    expect(og(courseHtml, 'og:description')).toMatch(/Keep books, stock and prices/);
    expect(isGeneric((await page(`/courses/course-detail/${draft.id}`)).body)).toBe(true);

    const talent = await listedTalent(h, { headline: 'Data analyst in Ibadan', skills: ['python'], rate: 500_000 });
    const talentHtml = (await page(`/talent/${talent.user.id}`)).body;
    expect(og(talentHtml, 'og:title')).toBe(`${talent.user.fullName}: Data analyst in Ibadan`);
    expect(og(talentHtml, 'og:type')).toBe('profile');
    await h.services.accounts.suspend(talent.user.id, { reason: 'Review', restrictions: ['profile_hidden'] });
    expect(isGeneric((await page(`/talent/${talent.user.id}`)).body)).toBe(true);

    const learner = await actor(h);
    const issued = await h.services.certificates.issue({
      userId: learner.user.id,
      courseId: course.id,
      learnerName: 'Ọlámídé Ṣàngó',
      courseTitle: 'Excel for market traders',
      tutorName: tutor.user.fullName,
    });
    const certHtml = (await page(`/certificates/${issued.code}`)).body;
    expect(og(certHtml, 'og:title')).toBe('Ọlámídé Ṣàngó completed Excel for market traders');
    expect(isGeneric((await page('/certificates/BLET-AAAA-AAAA')).body)).toBe(true);
  });

  it('gives every other page the generic tags with its own absolute URL', async () => {
    const html = (await page('/auth')).body;
    expect(isGeneric(html)).toBe(true);
    expect(og(html, 'og:url')).toBe(`${APP_URL}/auth`);
    expect(isGeneric((await page('/')).body)).toBe(true);
  });
});

describe("a visitor's job (decision 055)", () => {
  it('shows the public job without who posted it or what applying asks; members still see both', async () => {
    const boss = await employer(h, 'Abuja Agro');
    const job = await makeJob(h, boss, {
      screeningQuestions: [{ id: 'q1', question: 'Do you live in Abuja?', kind: 'yes_no' }],
    });
    const visitor = await as(h, null)('GET', `/api/jobs/${job.id}`);
    expect(visitor.statusCode).toBe(200);
    const body = visitor.json();
    expect(body).toMatchObject({ title: job.title, companyName: 'Abuja Agro', location: 'Lagos', salaryMin: 250_000 });
    expect(body.skills.length).toBeGreaterThan(0);
    expect(body.employer).toBeNull();
    expect(body.screeningQuestions).toEqual([]);
    expect(body.takenDownReason).toBeNull();
    expect(body.viewer).toEqual({ applied: false, saved: false, canEdit: false, application: null });
    expect(visitor.body).not.toContain(boss.user.id);
    expect(visitor.body).not.toContain(boss.user.email);

    const member = (await as(h, await seeker(h))('GET', `/api/jobs/${job.id}`)).json();
    expect(member.employer).toMatchObject({ id: boss.user.id });
    expect(member.screeningQuestions).toHaveLength(1);
  });
});
