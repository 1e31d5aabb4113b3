CREATE TABLE "admin_confirmations" (
	"session_hash" text PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_queue_claims" (
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"admin_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "admin_queue_claims_kind_item_id_pk" PRIMARY KEY("kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "suspension_appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"suspension_id" uuid NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision_note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "target_type" text;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "target_id" text;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "after" jsonb;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "admin_confirmations" ADD CONSTRAINT "admin_confirmations_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_queue_claims" ADD CONSTRAINT "admin_queue_claims_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspension_appeals" ADD CONSTRAINT "suspension_appeals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspension_appeals" ADD CONSTRAINT "suspension_appeals_suspension_id_suspensions_id_fk" FOREIGN KEY ("suspension_id") REFERENCES "public"."suspensions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspension_appeals" ADD CONSTRAINT "suspension_appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suspension_appeals_status_created_idx" ON "suspension_appeals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "suspension_appeals_user_idx" ON "suspension_appeals" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suspension_appeals_one_open_idx" ON "suspension_appeals" USING btree ("suspension_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "admin_audit_log_target_idx" ON "admin_audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_action_created_idx" ON "admin_audit_log" USING btree ("action","created_at");