import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TAuditEntry } from './admin.schemas';
import { auditSentence, lengthOf, listOf } from './audit-sentence';

const MEMBER = '11111111-1111-4111-8111-111111111111';
const entry = (over: Partial<TAuditEntry>): TAuditEntry => ({
  id: 'e1',
  actorId: 'a1',
  actorName: 'Ada Obi',
  action: 'member.suspend',
  subjectId: MEMBER,
  subjectName: 'Musa Bello',
  targetType: 'user',
  targetId: MEMBER,
  before: null,
  after: null,
  reason: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const text = (e: TAuditEntry) =>
  auditSentence(e)
    .map((p) => p.text)
    .join('');

/** Every action the server writes to the audit log, with what it sets, as the services word them. */
const ACTIONS: Array<[string, Partial<TAuditEntry>, string]> = [
  [
    'member.suspend',
    { after: { restrictions: ['chat'], endsAt: '2026-01-08T00:00:00.000Z' } },
    'Ada Obi suspended Musa Bello from chat for 7 days',
  ],
  ['member.unsuspend', {}, 'Ada Obi lifted Musa Bello’s suspension'],
  ['member.roles', { after: { roles: ['mentor', 'mentee'] } }, 'Ada Obi set Musa Bello’s roles to mentor and mentee'],
  [
    'member.revoke_sessions',
    { before: { sessions: 2 } },
    'Ada Obi signed Musa Bello out everywhere (2 sessions ended)',
  ],
  ['member.resend_verification', {}, 'Ada Obi sent Musa Bello a new email verification link'],
  ['admin.invite', { after: { email: 'jo@x.ng' } }, 'Ada Obi invited jo@x.ng to be an admin (account)'],
  ['admin.two_factor_on', {}, 'Ada Obi turned on two-step sign-in for their account'],
  ['admin.two_factor_off', {}, 'Ada Obi turned off two-step sign-in for their account'],
  [
    'broadcast.sent',
    { subjectId: null, after: { title: 'Hello', target: 'all', recipients: 3 } },
    'Ada Obi sent the announcement “Hello” to everyone (3 members)',
  ],
  ['appeal.grant', {}, 'Ada Obi granted Musa Bello’s appeal and lifted the suspension'],
  ['appeal.deny', {}, 'Ada Obi denied Musa Bello’s appeal'],
  ['report.dismiss', {}, 'Ada Obi dismissed a report about Musa Bello'],
  ['report.resolve', {}, 'Ada Obi resolved a report about Musa Bello'],
  ['report.warn', {}, 'Ada Obi warned Musa Bello about a report'],
  ['mentor_flag.warn', {}, 'Ada Obi warned Musa Bello about missed mentoring sessions'],
  ['mentor_flag.dismiss', {}, 'Ada Obi cleared the missed-sessions flag of Musa Bello'],
  ['mentor_review.hide', {}, 'Ada Obi hid a review of Musa Bello'],
  ['mentor_review.unhide', {}, 'Ada Obi showed again a hidden review of Musa Bello'],
  ['mentor_application.approved', { subjectId: null }, 'Ada Obi approved a mentor application'],
  ['mentor_application.rejected', { subjectId: null }, 'Ada Obi rejected a mentor application'],
  ['job.taken_down', { after: { title: 'Driver' } }, 'Ada Obi took down the job “Driver”'],
  ['job.restored', { after: { title: 'Driver' } }, 'Ada Obi restored the job “Driver”'],
  ['course.approved', { after: { title: 'Excel' } }, 'Ada Obi approved the course “Excel”'],
  ['course.rejected', { after: { title: 'Excel' } }, 'Ada Obi rejected the course “Excel”'],
  ['gig.dispute.complete', {}, 'Ada Obi settled a gig dispute for the talent (completed)'],
  ['gig.dispute.cancel', {}, 'Ada Obi settled a gig dispute for the poster (cancelled)'],
  [
    'refund.approved',
    { after: { item: 'Excel', amountMinor: 500_000, currency: 'NGN' } },
    'Ada Obi approved a refund of ₦5,000 for “Excel”',
  ],
  ['refund.declined', { after: { item: 'Excel' } }, 'Ada Obi declined a refund for “Excel”'],
  ['credential.revoked', { subjectId: null }, 'Ada Obi revoked a digital credential'],
  [
    'wallet.adjust',
    { after: { bucket: 'available', amountMinor: 250_050, currency: 'NGN' } },
    'Ada Obi credited ₦2,500.50 to Musa Bello’s available balance',
  ],
  [
    'wallet.adjust',
    { after: { bucket: 'pending', amountMinor: -150_000, currency: 'NGN' } },
    'Ada Obi debited ₦1,500 from Musa Bello’s pending balance',
  ],
];

/** The action names written literally in the server's sources (`action: 'x.y'`, ternaries included). */
function literalActions(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, name.name);
    if (name.isDirectory()) found.push(...literalActions(path));
    else if (name.name.endsWith('.ts') && !name.name.endsWith('test.ts')) {
      const source = readFileSync(path, 'utf8');
      for (const m of source.matchAll(/action: ([^,\n]+),/g))
        for (const q of m[1]!.matchAll(/'([a-z_]+\.[a-z_.]+)'/g)) found.push(q[1]!);
    }
  }
  return found;
}

describe('auditSentence', () => {
  it.each(ACTIONS)('words %s', (action, over, sentence) => {
    expect(text(entry({ action, ...over }))).toBe(sentence);
  });

  it('has wording for every action the server writes literally', () => {
    const known = new Set(ACTIONS.map(([a]) => a));
    const missing = literalActions(join(import.meta.dirname, '../../server')).filter((a) => !known.has(a));
    expect(missing).toEqual([]);
  });

  it('links the member’s name to their admin page', () => {
    const parts = auditSentence(entry({ after: { restrictions: ['chat', 'jobs'], endsAt: null } }));
    expect(parts.find((p) => p.href)).toEqual({ text: 'Musa Bello', href: `/admin/dashboard/members/${MEMBER}` });
    expect(text(entry({ after: { restrictions: ['chat', 'jobs'], endsAt: null } }))).toBe(
      'Ada Obi suspended Musa Bello from chat and jobs until further notice',
    );
  });

  it('still says something for an action it does not know', () => {
    expect(text(entry({ action: 'thing.done' }))).toBe('Ada Obi did “thing.done” about Musa Bello');
    expect(text(entry({ action: 'thing.done', subjectId: null }))).toBe('Ada Obi did “thing.done”');
  });

  it('words lengths and lists', () => {
    expect(lengthOf('2026-01-01T00:00:00Z', '2026-01-01T03:00:00Z')).toBe('for 3 hours');
    expect(lengthOf('2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z')).toBe('for 1 day');
    expect(listOf(['a', 'b', 'c'])).toBe('a, b and c');
  });
});
