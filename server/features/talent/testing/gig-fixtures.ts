import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TGigStatus } from '#shared/talent/gig-machine';
import type { TBidInput, TGigInput } from '#shared/talent/talent.schemas';
import type { TUpload } from '#shared/uploads/uploads.schemas';
import { expect } from 'vitest';
import type { Harness } from '#server/test/harness';
import { actor, as, type Actor } from '#server/features/courses/testing/course-fixtures';
import { pdf } from '#server/features/roles/testing/role-fixtures';
import { pngImage } from '#server/features/uploads/testing/images';
import { multipart } from '#server/features/uploads/testing/upload-requests';

export const gigInput = (over: Partial<TGigInput> = {}): TGigInput => ({
  title: 'Logo for a Lagos bakery',
  description: 'A clean logo and two colour variants for signage and packaging.',
  skills: [],
  budgetType: 'fixed',
  budgetMin: 2_000_000,
  budgetMax: 5_000_000,
  currency: 'NGN',
  deadline: null,
  ...over,
});

export const bidInput = (over: Partial<TBidInput> = {}): TBidInput => ({
  amount: 3_500_000,
  deliveryDays: 5,
  proposal: 'I have designed logos for three bakeries in Yaba; I would start with sketches and two rounds.',
  ...over,
});

export interface MadeGig {
  id: string;
  bidId: string | null;
}

/**
 * A gig of `poster` taken to `status` the way people do: `talent` bids, the poster accepts,
 * the talent delivers, the poster accepts the delivery (or cancels, or disputes).
 */
export async function makeGig(
  h: Harness,
  poster: TUser,
  status: TGigStatus = 'open',
  opts: { talent?: TUser; input?: Partial<TGigInput> } = {},
): Promise<MadeGig> {
  const { gigs } = h.services;
  const gig = await gigs.create(poster, gigInput(opts.input));
  if (status === 'open') return { id: gig.id, bidId: null };
  if (status === 'cancelled') {
    await gigs.cancel(poster, gig.id);
    return { id: gig.id, bidId: null };
  }
  if (!opts.talent) throw new Error('makeGig: a talent is needed past open');
  const bid = await gigs.bid(opts.talent, gig.id, bidInput());
  await gigs.acceptBid(poster, bid.id);
  if (status === 'in_progress') return { id: gig.id, bidId: bid.id };
  await gigs.deliver(opts.talent, gig.id, 'Here are the files.');
  if (status === 'delivered') return { id: gig.id, bidId: bid.id };
  if (status === 'disputed') await gigs.dispute(poster, gig.id, 'Not what we agreed.');
  else await gigs.acceptDelivery(poster, gig.id);
  return { id: gig.id, bidId: bid.id };
}

/** A member listed on /talent (`who`, or a new one): the role taken, rate and availability set, headline and skills on the profile. */
export async function listedTalent(
  h: Harness,
  opts: { headline: string; skills: string[]; rate: number; availability?: string; who?: Actor },
): Promise<Actor> {
  const who = opts.who ?? (await actor(h));
  const call = as(h, who);
  expect((await call('POST', '/api/user/roles', { role: 'talent' })).statusCode).toBe(200);
  const details = {
    hourlyRateMinor: opts.rate,
    currency: 'NGN',
    availability: opts.availability ?? 'available_now',
    availableFrom: null,
  };
  expect((await call('PUT', '/api/user/roles/talent', details)).statusCode).toBe(200);
  expect((await call('PATCH', '/api/user/profile', { headline: opts.headline, skills: opts.skills })).statusCode).toBe(
    200,
  );
  return who;
}

/** POST /api/uploads as `who` for a gig: a PNG or a PDF, private for a delivery's files. */
export async function gigFile(
  h: Harness,
  who: Actor,
  type: 'png' | 'pdf',
  opts: { private?: boolean; name?: string } = {},
): Promise<TUpload> {
  const content = type === 'png' ? await pngImage(320, 200) : pdf();
  const { payload, headers } = multipart(content, opts.name ?? `brief.${type}`);
  const kind = type === 'png' ? 'image' : 'document';
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/uploads?kind=${kind}${opts.private ? '&private=true' : ''}`,
    payload,
    headers: { ...headers, cookie: who.cookie },
  });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return res.json();
}
