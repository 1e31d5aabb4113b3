CREATE TABLE "mentor_availability" (
	"mentor_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'Africa/Lagos' NOT NULL,
	"weekly" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"buffer_minutes" integer DEFAULT 0 NOT NULL,
	"min_notice_hours" integer DEFAULT 12 NOT NULL,
	"horizon_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mentor_availability_buffer_check" CHECK ("mentor_availability"."buffer_minutes" between 0 and 240),
	CONSTRAINT "mentor_availability_notice_check" CHECK ("mentor_availability"."min_notice_hours" between 0 and 720),
	CONSTRAINT "mentor_availability_horizon_check" CHECK ("mentor_availability"."horizon_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "mentor_availability_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mentor_id" uuid NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"start" text,
	"end" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mentor_session_flags" (
	"mentor_id" uuid NOT NULL,
	"flagged_at" timestamp with time zone NOT NULL,
	"no_shows" integer NOT NULL,
	"cleared_at" timestamp with time zone,
	CONSTRAINT "mentor_session_flags_mentor_id_flagged_at_pk" PRIMARY KEY("mentor_id","flagged_at")
);
--> statement-breakpoint
CREATE TABLE "mentor_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mentor_id" uuid NOT NULL,
	"mentee_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"buffer_minutes" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"counts_as_used" boolean DEFAULT true NOT NULL,
	"cancelled_by" uuid,
	"cancelled_at" timestamp with time zone,
	"reschedule_count" integer DEFAULT 0 NOT NULL,
	"mentor_no_show" boolean,
	"mentee_no_show" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mentor_sessions_order_check" CHECK ("mentor_sessions"."end_at" > "mentor_sessions"."start_at")
);
--> statement-breakpoint
ALTER TABLE "mentor_availability" ADD CONSTRAINT "mentor_availability_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_availability_overrides" ADD CONSTRAINT "mentor_availability_overrides_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_session_flags" ADD CONSTRAINT "mentor_session_flags_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_sessions" ADD CONSTRAINT "mentor_sessions_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_sessions" ADD CONSTRAINT "mentor_sessions_mentee_id_users_id_fk" FOREIGN KEY ("mentee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_sessions" ADD CONSTRAINT "mentor_sessions_subscription_id_mentor_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."mentor_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_sessions" ADD CONSTRAINT "mentor_sessions_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mentor_availability_overrides_mentor_date_idx" ON "mentor_availability_overrides" USING btree ("mentor_id","date");--> statement-breakpoint
CREATE INDEX "mentor_sessions_mentor_start_idx" ON "mentor_sessions" USING btree ("mentor_id","start_at");--> statement-breakpoint
CREATE INDEX "mentor_sessions_mentee_start_idx" ON "mentor_sessions" USING btree ("mentee_id","start_at");--> statement-breakpoint
CREATE INDEX "mentor_sessions_subscription_idx" ON "mentor_sessions" USING btree ("subscription_id","start_at");