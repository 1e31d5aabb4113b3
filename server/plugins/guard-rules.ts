import type { TRestriction } from '#shared/roles';
import { answering } from './error-answers';

/**
 * Who a guard lets through, declared beside it. The route access matrix
 * (`server/test/route-access.integration.test.ts`) reads each route's guards from the routes
 * themselves and expects, for every caller, the answer these rules give: so a route's access is
 * what its guards say, and a route with none must say it is open to everyone.
 */
export interface GuardRule {
  /** A visitor is refused (401 UNAUTHENTICATED). */
  signedIn: boolean;
  /** A member suspended from this area is refused (403 ACCOUNT_SUSPENDED). */
  area?: TRestriction;
  /** A member under any suspension is refused (403 ACCOUNT_SUSPENDED). */
  unsuspended?: boolean;
  /** Only admins (403 FORBIDDEN); `confirmed`: with a recent password confirmation (403 CONFIRMATION_REQUIRED). */
  admin?: 'any' | 'confirmed';
}

const rules = new WeakMap<object, GuardRule>();

/** Declares a guard: its rule, and the answers it can give for the API document. */
export function guard<G extends object>(rule: GuardRule, check: G): G {
  rules.set(check, rule);
  const refuses = Boolean(rule.area || rule.unsuspended || rule.admin);
  return answering(rule.signedIn ? (refuses ? [401, 403] : [401]) : refuses ? [403] : [], check);
}

/** The rule of a hook declared with `guard`, if it is one. */
export const ruleOf = (hook: unknown): GuardRule | undefined =>
  typeof hook === 'function' ? rules.get(hook) : undefined;
