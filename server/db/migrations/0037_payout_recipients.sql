ALTER TABLE "payout_accounts" ADD COLUMN "recipient_code" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "recipient_scope" text;