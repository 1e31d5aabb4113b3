CREATE TABLE "mentor_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"expertise" text[] DEFAULT '{}'::text[] NOT NULL,
	"years_experience" integer NOT NULL,
	"current_role" text,
	"company" text,
	"bio" text NOT NULL,
	"link_url" text,
	"motivation" text NOT NULL,
	"proposed_plans" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decision_note" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mentor_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mentor_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"sessions_per_month" integer NOT NULL,
	"session_minutes" integer NOT NULL,
	"response_hours" integer,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"mentee_limit" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mentor_plans_price_check" CHECK ("mentor_plans"."price_minor" >= 0),
	CONSTRAINT "mentor_plans_minutes_check" CHECK ("mentor_plans"."session_minutes" in (30, 45, 60))
);
--> statement-breakpoint
CREATE TABLE "mentor_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"mentor_id" uuid NOT NULL,
	"mentee_id" uuid NOT NULL,
	"status" text NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"sessions_per_month" integer NOT NULL,
	"session_minutes" integer NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"paused_until" timestamp with time zone,
	"last_paused_at" timestamp with time zone,
	"gateway" text,
	"gateway_ref" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mentor_applications" ADD CONSTRAINT "mentor_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_applications" ADD CONSTRAINT "mentor_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_plans" ADD CONSTRAINT "mentor_plans_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_subscriptions" ADD CONSTRAINT "mentor_subscriptions_plan_id_mentor_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."mentor_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_subscriptions" ADD CONSTRAINT "mentor_subscriptions_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_subscriptions" ADD CONSTRAINT "mentor_subscriptions_mentee_id_users_id_fk" FOREIGN KEY ("mentee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mentor_applications_one_pending_idx" ON "mentor_applications" USING btree ("user_id") WHERE "mentor_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mentor_applications_status_created_idx" ON "mentor_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "mentor_plans_mentor_idx" ON "mentor_plans" USING btree ("mentor_id","active");--> statement-breakpoint
CREATE UNIQUE INDEX "mentor_subscriptions_live_idx" ON "mentor_subscriptions" USING btree ("plan_id","mentee_id") WHERE "mentor_subscriptions"."status" in ('trialing', 'active', 'past_due', 'paused');--> statement-breakpoint
CREATE INDEX "mentor_subscriptions_mentor_idx" ON "mentor_subscriptions" USING btree ("mentor_id","status");--> statement-breakpoint
CREATE INDEX "mentor_subscriptions_mentee_idx" ON "mentor_subscriptions" USING btree ("mentee_id","status");