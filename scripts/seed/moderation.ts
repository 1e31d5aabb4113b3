import type { AllServices } from '#server/platform/module';
import type { TUser } from '#shared/accounts/accounts.schemas';

/** The admin console's reports queue: one open report about a member, so that queue has work on a fresh machine. */
export async function seedModeration(services: AllServices, learners: TUser[]) {
  const [reporter, reported] = learners;
  if (!reporter || !reported) return;
  await services.reports.create(reporter, { kind: 'member', targetId: reported.id, reason: 'Keeps sending me links to a paid group in chat.' });
}
