import type { DbOrTx } from '#server/db/client';
import { AppError } from '#server/lib/errors';
import type { TChatContext, TContextKind } from '#shared/chat/chat.schemas';

/**
 * A context kind's rule (decision 048), given by the area that owns what the kind names (talent:
 * a gig, jobs: a job): the chip tells both members what the conversation is about, so both must
 * take part in it. Nobody, admins included, labels a conversation with someone else's gig.
 */
export interface ChatContextRule {
  kind: TContextKind;
  /** Whether the two members take part in the thing `id` names; any id at all may arrive here. */
  takePart(memberIds: readonly [string, string], id: string, tx: DbOrTx): Promise<boolean>;
  /** The 403's sentence otherwise. */
  refusal: string;
}

/** The rules by kind; a kind nobody gave a rule for is refused, so a new kind cannot open a hole. */
export function createChatContexts() {
  const rules = new Map<TContextKind, ChatContextRule>();
  return {
    add(rule: ChatContextRule): void {
      if (rules.has(rule.kind)) throw new Error(`Two rules for the chat context "${rule.kind}"`);
      rules.set(rule.kind, rule);
    },

    async check(memberIds: readonly [string, string], context: TChatContext, tx: DbOrTx): Promise<void> {
      const rule = rules.get(context.kind);
      if (!rule) throw new AppError('FORBIDDEN', 'A conversation cannot be about that.');
      if (!(await rule.takePart(memberIds, context.id, tx))) throw new AppError('FORBIDDEN', rule.refusal);
    },
  };
}

/** The profile chip names the member written to (the second of the pair): it was started from their page. */
export function profileContext(usernameOf: (userId: string, tx: DbOrTx) => Promise<string | undefined>) {
  return {
    kind: 'profile',
    takePart: async ([, otherId], username, tx) => (await usernameOf(otherId, tx)) === username,
    refusal: "A conversation can start from the profile of the member you write to, not from anyone else's.",
  } satisfies ChatContextRule;
}
