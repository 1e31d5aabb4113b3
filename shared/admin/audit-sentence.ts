import { formatAmount, formatMoney, type TCurrency } from '../money';
import type { TRestriction } from '../roles';
import type { TAuditEntry } from './admin.schemas';

/** A piece of an audit sentence: words, or a name that links to the member's admin page. */
export type SentencePart = { text: string; href?: string };

const AREAS: Record<TRestriction, string> = {
  courses: 'courses',
  jobs: 'jobs',
  mentorship: 'mentorship',
  talent: 'talent and gigs',
  chat: 'chat',
  profile_hidden: 'the directory',
};

type Bag = Record<string, unknown>;
const bag = (v: unknown): Bag => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Bag) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** "a, b and c" */
export function listOf(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** A suspension's length from the entry's time to its end: "for 7 days", "for 3 hours", "until further notice". */
export function lengthOf(from: string, endsAt: unknown): string {
  if (typeof endsAt !== 'string') return 'until further notice';
  const hours = Math.round((Date.parse(endsAt) - Date.parse(from)) / 3_600_000);
  if (hours < 24) return `for ${Math.max(hours, 1)} hour${hours === 1 ? '' : 's'}`;
  const days = Math.round(hours / 24);
  return `for ${days} day${days === 1 ? '' : 's'}`;
}

/**
 * One audit entry in words, e.g. "Ada Obi suspended Musa Bello from chat for 7 days", the member's
 * name linking to their admin page. Every action the server writes has its wording here (the unit
 * test lists them); an unknown one still reads "<admin> did <action>", never nothing.
 */
export function auditSentence(e: TAuditEntry): SentencePart[] {
  const before = bag(e.before);
  const after = bag(e.after);
  const member: SentencePart = e.subjectId
    ? { text: e.subjectName || 'a former member', href: `/admin/dashboard/members/${e.subjectId}` }
    : { text: 'a member' };
  const possessive: SentencePart = { ...member, text: `${member.text}’s` };
  const title = str(after.title) ?? str(after.item);
  const quoted = title ? ` “${title}”` : '';
  const words = (...parts: Array<string | SentencePart>): SentencePart[] => [
    { text: `${e.actorName} ` },
    ...parts.map((p) => (typeof p === 'string' ? { text: p } : p)),
  ];

  switch (e.action) {
    case 'member.suspend': {
      const areas = (Array.isArray(after.restrictions) ? (after.restrictions as TRestriction[]) : []).map(
        (r) => AREAS[r] ?? r,
      );
      return words('suspended ', member, ` from ${listOf(areas) || 'the site'} ${lengthOf(e.createdAt, after.endsAt)}`);
    }
    case 'member.unsuspend':
      return words('lifted ', possessive, ' suspension');
    case 'member.roles': {
      const roles = Array.isArray(after.roles) ? (after.roles as string[]) : [];
      return words('set ', possessive, ` roles to ${listOf(roles) || 'none'}`);
    }
    case 'member.revoke_sessions': {
      const n = typeof before.sessions === 'number' ? before.sessions : 0;
      return words('signed ', member, ` out everywhere (${n} session${n === 1 ? '' : 's'} ended)`);
    }
    case 'member.resend_verification':
      return words('sent ', member, ' a new email verification link');
    case 'admin.invite':
      return words(`invited ${str(after.email) ?? 'someone'} to be an admin (`, { ...member, text: 'account' }, ')');
    case 'admin.two_factor_on':
      return words('turned on two-step sign-in for their account');
    case 'admin.two_factor_off':
      return words('turned off two-step sign-in for their account');
    case 'broadcast.sent': {
      const to = Array.isArray(after.target) ? listOf(after.target as string[]) : 'everyone';
      const n = typeof after.recipients === 'number' ? after.recipients : 0;
      return words(`sent the announcement${quoted} to ${to} (${n} member${n === 1 ? '' : 's'})`);
    }
    case 'appeal.grant':
      return words('granted ', possessive, ' appeal and lifted the suspension');
    case 'appeal.deny':
      return words('denied ', possessive, ' appeal');
    case 'report.dismiss':
      return words('dismissed a report about ', member);
    case 'report.resolve':
      return words('resolved a report about ', member);
    case 'report.warn':
      return words('warned ', member, ' about a report');
    case 'mentor_flag.warn':
      return words('warned ', member, ' about missed mentoring sessions');
    case 'mentor_flag.dismiss':
      return words('cleared the missed-sessions flag of ', member);
    case 'mentor_review.hide':
      return words('hid a review of ', member);
    case 'mentor_review.unhide':
      return words('showed again a hidden review of ', member);
    case 'mentor_application.approved':
      return words('approved a mentor application');
    case 'mentor_application.rejected':
      return words('rejected a mentor application');
    case 'job.taken_down':
      return words(`took down the job${quoted}`);
    case 'job.restored':
      return words(`restored the job${quoted}`);
    case 'course.approved':
      return words(`approved the course${quoted}`);
    case 'course.rejected':
      return words(`rejected the course${quoted}`);
    case 'gig.dispute.complete':
      return words('settled a gig dispute for the talent (completed)');
    case 'gig.dispute.cancel':
      return words('settled a gig dispute for the poster (cancelled)');
    case 'refund.approved': {
      const amount =
        typeof after.amountMinor === 'number' && typeof after.currency === 'string'
          ? ` of ${formatMoney(after.amountMinor, after.currency as TCurrency)}`
          : '';
      return words(`approved a refund${amount} for${quoted || ' a purchase'}`);
    }
    case 'wallet.adjust': {
      const amount = typeof after.amountMinor === 'number' ? after.amountMinor : 0;
      const money = formatAmount(Math.abs(amount), (str(after.currency) ?? 'NGN') as TCurrency);
      const bucket = str(after.bucket) ?? 'wallet';
      return amount >= 0
        ? words(`credited ${money} to `, possessive, ` ${bucket} balance`)
        : words(`debited ${money} from `, possessive, ` ${bucket} balance`);
    }
    case 'credential.revoked':
      return words('revoked a digital credential');
    case 'refund.declined':
      return words(`declined a refund for${quoted || ' a purchase'}`);
    default:
      return words(`did “${e.action}”`, ...(e.subjectId ? [' about ', member] : []));
  }
}
