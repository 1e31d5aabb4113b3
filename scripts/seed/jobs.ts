import type { AllServices } from '#server/platform/module';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TApplicationStatus, TExperience, TJobType, TWorkplace } from '#shared/jobs/jobs.schemas';
import type { TRole } from '#shared/roles';

type Person = (username: string, fullName: string, role: TRole) => Promise<TUser>;

const EMPLOYERS: Array<[username: string, fullName: string, company: string, about: string]> = [
  ['funmi', 'Funmilayo Adebayo', 'Eko Freight Ltd', 'Same-day freight and delivery across Lagos and the South-West.'],
  ['musa', 'Musa Abdullahi', 'Arewa Agro Processing', 'Processing grains and groundnuts in Kano for markets across the North.'],
  ['ebere', 'Ebere Nnamdi', 'Garden City Energy Services', 'Engineering and field services for energy companies in Port Harcourt.'],
];
const SEEKERS: Array<[username: string, fullName: string, skills: string[]]> = [
  ['kelechi', 'Kelechi Umeh', ['javascript', 'typescript', 'sql']],
  ['halima', 'Halima Sani', ['python', 'sql', 'microsoft-excel']],
  ['segun', 'Segun Ojo', ['javascript', 'figma']],
];
const CITIES = ['Lagos', 'Abuja', 'Port Harcourt', 'Ibadan', 'Kano', 'Remote'];
const ROLES: Array<[title: string, skills: string[], type: TJobType, experience: TExperience, salary: [number, number] | null]> = [
  ['Frontend developer', ['javascript', 'typescript'], 'full_time', 'mid', [350_000, 600_000]],
  ['Backend engineer', ['python', 'sql'], 'full_time', 'senior', [600_000, 1_000_000]],
  ['Data analyst', ['python', 'sql', 'microsoft-excel'], 'full_time', 'entry', [250_000, 400_000]],
  ['Product designer', ['figma'], 'contract', 'mid', [300_000, 500_000]],
  ['Operations intern', ['microsoft-excel'], 'internship', 'entry', [80_000, 120_000]],
  ['Customer support lead', [], 'full_time', 'mid', [200_000, 300_000]],
  ['Mobile developer', ['javascript', 'dart'], 'contract', 'mid', null],
];
const WORKPLACES: TWorkplace[] = ['onsite', 'hybrid', 'onsite', 'remote'];
/** The pipeline walked to each stage, so that every stage has applications with a history. */
const PATHS: TApplicationStatus[][] = [
  [],
  ['reviewed'],
  ['reviewed', 'shortlisted'],
  ['reviewed', 'shortlisted', 'interview'],
  ['reviewed', 'shortlisted', 'interview', 'offered'],
  ['reviewed', 'shortlisted', 'interview', 'offered', 'hired'],
  ['reviewed', 'rejected'],
];

/**
 * Jobs (issue 13): three employers with company details, about 40 jobs across Lagos, Abuja,
 * Port Harcourt, Ibadan, Kano and remote, and seekers with skills whose applications stand at
 * every stage of the pipeline. Made through the services, as real use would.
 */
export async function seedJobs(services: AllServices, person: Person, learners: TUser[]): Promise<{ jobs: number; applications: number }> {
  const { roles, profiles, jobBoard, jobApplications } = services;
  const employers: TUser[] = [];
  for (const [username, fullName, company, about] of EMPLOYERS) {
    const user = await roles.take(await person(username, fullName, 'employer'), 'employer', true);
    await roles.saveEmployer(user, { companyName: company, logoUploadId: null, website: null, about, sizeBand: '11-50' });
    employers.push(user);
  }
  const seekers: TUser[] = [];
  for (const [username, fullName, skills] of SEEKERS) {
    const user = await roles.take(await person(username, fullName, 'job_seeker'), 'job_seeker', true);
    await profiles.update(user, { skills });
    seekers.push(user);
  }
  for (const learner of learners) seekers.push(await roles.take(learner, 'job_seeker'));

  const jobIds: Array<{ id: string; employer: TUser }> = [];
  let n = 0;
  for (const [c, city] of CITIES.entries()) {
    for (let r = 0; r < ROLES.length; r++) {
      const [title, skills, type, experience, salary] = ROLES[r]!;
      const employer = employers[(c + r) % employers.length]!;
      const workplace = city === 'Remote' ? 'remote' : WORKPLACES[(c + r) % WORKPLACES.length]!;
      const job = await jobBoard.create(employer, {
        title,
        description: `Join us in ${city === 'Remote' ? 'a remote team' : city} as a ${title.toLowerCase()}.\n\n**What you will do**\n\n- Work with a small team that ships every week\n- Own your work from the first day\n\n**What we offer**: a fair salary, health cover and time to learn.`,
        location: city,
        workplace,
        type,
        experience,
        skills,
        salaryMin: salary?.[0] ?? null,
        salaryMax: salary?.[1] ?? null,
        currency: 'NGN',
        salaryPeriod: 'month',
        deadline: n % 3 === 0 ? null : new Date(Date.now() + (14 + (n % 5) * 7) * 86_400_000).toISOString(),
        screeningQuestions: n % 4 === 0 ? [{ id: 'q1', kind: 'yes_no', question: `Can you work from ${city === 'Remote' ? 'home, on West Africa time' : city}?` }] : [],
        status: n % 13 === 12 ? 'draft' : 'open',
      });
      if (job.status === 'open') jobIds.push({ id: job.id, employer });
      n++;
    }
  }

  let applications = 0;
  for (const [i, { id, employer }] of jobIds.slice(0, 28).entries()) {
    const seeker = seekers[i % seekers.length]!;
    const job = await jobBoard.detail(seeker, id);
    const app = await jobApplications.apply(seeker, id, {
      coverLetter: `Hello, I would like to join ${job.companyName} as a ${job.title.toLowerCase()}.`,
      answers: job.screeningQuestions.map((q) => ({ questionId: q.id, answer: 'yes' })),
    });
    for (const status of PATHS[i % PATHS.length]!) await jobApplications.move(employer, app.id, status as never, status === 'shortlisted' ? 'Strong portfolio' : undefined);
    applications++;
  }
  return { jobs: n, applications };
}
