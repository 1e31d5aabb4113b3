import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_KINDS, type TChatContext, type TContextKind } from '#shared/chat/chat.schemas';
import { createHarness, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';
import { employer, makeJob, seeker } from '../jobs/testing/job-fixtures';
import { bidInput, listedTalent, makeGig } from '../talent/testing/gig-fixtures';

/**
 * What a conversation is about (decision 048): its chip names a gig, a job or a profile, so the
 * two members must both take part in it. Issue 25's probe labelled a conversation with a gig of
 * strangers.
 */
let h: Harness;
let admin: Actor;
beforeAll(async () => {
  h = await createHarness();
  admin = await actor(h, 'admin');
});
afterAll(() => h.close());

const start = (who: Actor | null, other: Actor, context?: TChatContext) =>
  as(h, who)('POST', '/api/chat/conversations', { userId: other.user.id, ...(context && { context }) });

async function expectRefused(who: Actor, other: Actor, context: TChatContext, sentence: string) {
  const res = await start(who, other, context);
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toEqual({ error: sentence, code: 'FORBIDDEN' });
}

const GIG_REFUSAL =
  'A conversation can be about a gig only between its poster and a member who bid on it or was invited to.';
const JOB_REFUSAL = 'A conversation can be about a job only between its employer and a member who applied to it.';

describe('a conversation about a gig', () => {
  it('is between its poster and the hired talent, a bidder or an invited talent; for anyone else a 403', async () => {
    const [poster, hired, bidder, stranger] = [await actor(h), await actor(h), await actor(h), await actor(h)];
    const invited = await listedTalent(h, { headline: 'Illustrator in Jos', skills: [], rate: 500_000 });
    const made = await makeGig(h, poster.user, 'open');
    await h.services.gigs.bid(bidder.user, made.id, bidInput());
    const gig: TChatContext = {
      kind: 'gig',
      id: (await makeGig(h, poster.user, 'in_progress', { talent: hired.user })).id,
    };
    const open: TChatContext = { kind: 'gig', id: made.id };
    await h.services.talent.invite(poster.user, made.id, invited.user.id);

    expect((await start(null, poster, gig)).statusCode).toBe(401);
    // The hire opened their conversation about the gig.
    const hire = await start(hired, poster, gig);
    expect(hire.statusCode, hire.body).toBe(200);
    expect(hire.json().context).toEqual(gig);
    expect((await start(poster, hired, gig)).statusCode).toBe(200);
    expect((await start(bidder, poster, open)).statusCode).toBe(201);
    expect((await start(poster, invited, open)).statusCode).toBe(201);

    // Another member, on either side; two with a part of whom neither posted it; an admin.
    await expectRefused(stranger, poster, gig, GIG_REFUSAL);
    await expectRefused(stranger, hired, gig, GIG_REFUSAL);
    await expectRefused(poster, stranger, gig, GIG_REFUSAL);
    await expectRefused(hired, bidder, open, GIG_REFUSAL);
    await expectRefused(bidder, poster, gig, GIG_REFUSAL);
    await expectRefused(admin, poster, gig, GIG_REFUSAL);
    for (const id of ['not-a-gig', '00000000-0000-4000-8000-000000000000'])
      await expectRefused(poster, hired, { kind: 'gig', id }, GIG_REFUSAL);

    // A refusal made nothing: the same member may still write without the label.
    const plain = await start(stranger, poster);
    expect(plain.statusCode).toBe(201);
    expect(plain.json().context).toBeNull();
  });
});

describe('a conversation about a job', () => {
  it('is between its employer and an applicant; for anyone else a 403', async () => {
    const [boss, applicant, other, stranger] = [await employer(h), await seeker(h), await seeker(h), await actor(h)];
    const job = await makeJob(h, boss);
    await h.services.jobApplications.apply(applicant.user, job.id, { coverLetter: 'I drive and code.' } as never);
    const context: TChatContext = { kind: 'job', id: job.id };

    expect((await start(null, applicant, context)).statusCode).toBe(401);
    const res = await start(boss, applicant, context);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().context).toEqual(context);
    expect((await start(applicant, boss, context)).statusCode).toBe(200);

    await expectRefused(other, boss, context, JOB_REFUSAL);
    await expectRefused(boss, other, context, JOB_REFUSAL);
    await expectRefused(stranger, applicant, context, JOB_REFUSAL);
    await expectRefused(admin, boss, context, JOB_REFUSAL);
    await expectRefused(boss, applicant, { kind: 'job', id: 'x'.repeat(100) }, JOB_REFUSAL);
  });
});

describe('a conversation from a profile', () => {
  it("names the profile of the member written to, nobody else's", async () => {
    const [a, b, c] = [await actor(h), await actor(h), await actor(h)];
    const refusal = "A conversation can start from the profile of the member you write to, not from anyone else's.";
    await expectRefused(a, b, { kind: 'profile', id: c.user.username }, refusal);
    await expectRefused(a, b, { kind: 'profile', id: a.user.username }, refusal);
    await expectRefused(admin, b, { kind: 'profile', id: c.user.username }, refusal);
    expect((await start(null, b, { kind: 'profile', id: b.user.username })).statusCode).toBe(401);
    expect((await start(a, b, { kind: 'profile', id: b.user.username })).statusCode).toBe(201);
  });

  it('every context kind has its rule: a label naming nothing is refused', async () => {
    for (const kind of Object.keys(CONTEXT_KINDS) as TContextKind[]) {
      const [a, b] = [await actor(h), await actor(h)];
      const res = await start(a, b, { kind, id: '00000000-0000-4000-8000-000000000000' });
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(403);
    }
  });
});
