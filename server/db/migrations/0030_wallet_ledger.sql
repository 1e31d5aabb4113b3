CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_accounts_key" UNIQUE NULLS NOT DISTINCT("owner_id","kind","currency")
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"posting_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_postings_once" UNIQUE("source","kind")
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_posting_id_ledger_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_lines_account_created_idx" ON "ledger_lines" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ledger_lines_posting_idx" ON "ledger_lines" USING btree ("posting_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_kind_created_idx" ON "ledger_postings" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "ledger_postings_subject_idx" ON "ledger_postings" USING btree ("subject");--> statement-breakpoint
-- The ledger is append-only (decision 059): corrections are new postings, never edits.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_rewrite BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_lines_no_rewrite BEFORE UPDATE OR DELETE ON ledger_lines
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
-- Every posting's lines sum to zero, checked when its transaction commits.
CREATE FUNCTION ledger_posting_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT coalesce(sum(amount_minor), 0) FROM ledger_lines WHERE posting_id = NEW.posting_id) <> 0 THEN
    RAISE EXCEPTION 'ledger posting % does not sum to zero', NEW.posting_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_lines_sum_to_zero AFTER INSERT ON ledger_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_posting_balances();
--> statement-breakpoint
-- Sales from before the wallet (issue 27): each paid payment, less what was refunded of it, as one
-- sale posted at its payment time; the sweep clears those past the 7-day window at its first run.
INSERT INTO ledger_accounts (owner_id, kind, currency)
SELECT DISTINCT o.owner_id, o.kind, p.currency
FROM payments p
CROSS JOIN LATERAL (VALUES (p.payee_id, 'pending'), (NULL::uuid, 'platform_fees'), (NULL::uuid, 'gateway_clearing')) o(owner_id, kind)
WHERE p.status = 'paid' AND p.paid_at IS NOT NULL AND p.amount_minor > p.refunded_minor
ON CONFLICT ON CONSTRAINT ledger_accounts_key DO NOTHING;
--> statement-breakpoint
INSERT INTO ledger_postings (kind, source, subject, description, created_at)
SELECT 'sale', 'payment:' || p.id, 'payment:' || p.id, 'Sale from before the wallet, less the platform fee', p.paid_at
FROM payments p
WHERE p.status = 'paid' AND p.paid_at IS NOT NULL AND p.amount_minor > p.refunded_minor;
--> statement-breakpoint
INSERT INTO ledger_lines (posting_id, account_id, amount_minor, created_at)
SELECT lp.id, a.id, v.amount, p.paid_at
FROM payments p
JOIN ledger_postings lp ON lp.source = 'payment:' || p.id AND lp.kind = 'sale'
CROSS JOIN LATERAL (
  SELECT p.amount_minor - p.refunded_minor AS gross,
         round(coalesce(p.fee_minor, 0)::numeric * (p.amount_minor - p.refunded_minor) / p.amount_minor)::bigint AS fee
) f
CROSS JOIN LATERAL (VALUES
  (NULL::uuid, 'gateway_clearing', -f.gross),
  (NULL::uuid, 'platform_fees', f.fee),
  (p.payee_id, 'pending', f.gross - f.fee)
) v(owner_id, kind, amount)
JOIN ledger_accounts a ON a.owner_id IS NOT DISTINCT FROM v.owner_id AND a.kind = v.kind AND a.currency = p.currency
WHERE p.status = 'paid' AND p.paid_at IS NOT NULL AND p.amount_minor > p.refunded_minor AND v.amount <> 0;
--> statement-breakpoint
UPDATE ledger_accounts a
SET balance_minor = (SELECT coalesce(sum(l.amount_minor), 0) FROM ledger_lines l WHERE l.account_id = a.id);
