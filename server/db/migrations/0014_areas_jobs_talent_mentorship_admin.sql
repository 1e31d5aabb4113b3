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
CREATE TABLE "application_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "application_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"application_id" uuid NOT NULL,
	"status" text NOT NULL,
	"actor_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"cover_letter" text,
	"cv_upload_id" uuid,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"email_digest" boolean DEFAULT true NOT NULL,
	"alerted_until" timestamp with time zone NOT NULL,
	"digested_until" timestamp with time zone NOT NULL,
	"last_digest_at" timestamp with time zone,
	"unsubscribe_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_skills" (
	"job_id" uuid NOT NULL,
	"skill_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "job_skills_job_id_skill_id_pk" PRIMARY KEY("job_id","skill_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"company_name" text NOT NULL,
	"description" text NOT NULL,
	"location" text NOT NULL,
	"workplace" text NOT NULL,
	"type" text NOT NULL,
	"experience" text,
	"salary_min" bigint,
	"salary_max" bigint,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"salary_period" text DEFAULT 'month' NOT NULL,
	"deadline" timestamp with time zone,
	"screening_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"taken_down_reason" text,
	"posted_at" timestamp with time zone,
	"skill_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (search_document(title, 'A') || search_document(company_name, 'B') || search_document(skill_text, 'B') || search_document(description, 'C')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_jobs" (
	"user_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_jobs_user_id_job_id_pk" PRIMARY KEY("user_id","job_id")
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gig_id" uuid NOT NULL,
	"bidder_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"delivery_days" integer NOT NULL,
	"proposal" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gig_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gig_id" uuid NOT NULL,
	"transition" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gig_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gig_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"subject_role" text NOT NULL,
	"rating" smallint NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"revealed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gig_reviews_rating" CHECK ("gig_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "gig_skills" (
	"gig_id" uuid NOT NULL,
	"skill_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "gig_skills_gig_id_skill_id_pk" PRIMARY KEY("gig_id","skill_id")
);
--> statement-breakpoint
CREATE TABLE "gigs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poster_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"budget_type" text NOT NULL,
	"budget_min" integer NOT NULL,
	"budget_max" integer NOT NULL,
	"currency" text NOT NULL,
	"deadline" date,
	"status" text DEFAULT 'open' NOT NULL,
	"talent_id" uuid,
	"accepted_bid_id" uuid,
	"change_requests" smallint DEFAULT 0 NOT NULL,
	"delivery_note" text,
	"delivered_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (search_document(title, 'A') || search_document(description, 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gigs_budget_order" CHECK ("gigs"."budget_min" <= "gigs"."budget_max")
);
--> statement-breakpoint
CREATE TABLE "portfolio_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"link" text,
	"image_upload_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
	"make_primary" boolean DEFAULT true NOT NULL,
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
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_cv_upload_id_uploads_id_fk" FOREIGN KEY ("cv_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_searches" ADD CONSTRAINT "job_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_skills" ADD CONSTRAINT "job_skills_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_skills" ADD CONSTRAINT "job_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_employer_id_users_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_jobs" ADD CONSTRAINT "saved_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_jobs" ADD CONSTRAINT "saved_jobs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_gig_id_gigs_id_fk" FOREIGN KEY ("gig_id") REFERENCES "public"."gigs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_bidder_id_users_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gig_events" ADD CONSTRAINT "gig_events_gig_id_gigs_id_fk" FOREIGN KEY ("gig_id") REFERENCES "public"."gigs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gig_events" ADD CONSTRAINT "gig_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gig_reviews" ADD CONSTRAINT "gig_reviews_gig_id_gigs_id_fk" FOREIGN KEY ("gig_id") REFERENCES "public"."gigs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gig_reviews" ADD CONSTRAINT "gig_reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gig_reviews" ADD CONSTRAINT "gig_reviews_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gig_skills" ADD CONSTRAINT "gig_skills_gig_id_gigs_id_fk" FOREIGN KEY ("gig_id") REFERENCES "public"."gigs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gig_skills" ADD CONSTRAINT "gig_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gigs" ADD CONSTRAINT "gigs_poster_id_users_id_fk" FOREIGN KEY ("poster_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gigs" ADD CONSTRAINT "gigs_talent_id_users_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD CONSTRAINT "portfolio_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_applications" ADD CONSTRAINT "mentor_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_applications" ADD CONSTRAINT "mentor_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_plans" ADD CONSTRAINT "mentor_plans_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_subscriptions" ADD CONSTRAINT "mentor_subscriptions_plan_id_mentor_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."mentor_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_subscriptions" ADD CONSTRAINT "mentor_subscriptions_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_subscriptions" ADD CONSTRAINT "mentor_subscriptions_mentee_id_users_id_fk" FOREIGN KEY ("mentee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_availability" ADD CONSTRAINT "mentor_availability_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_availability_overrides" ADD CONSTRAINT "mentor_availability_overrides_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_session_flags" ADD CONSTRAINT "mentor_session_flags_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_sessions" ADD CONSTRAINT "mentor_sessions_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_sessions" ADD CONSTRAINT "mentor_sessions_mentee_id_users_id_fk" FOREIGN KEY ("mentee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_sessions" ADD CONSTRAINT "mentor_sessions_subscription_id_mentor_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."mentor_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_sessions" ADD CONSTRAINT "mentor_sessions_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suspension_appeals_status_created_idx" ON "suspension_appeals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "suspension_appeals_user_idx" ON "suspension_appeals" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suspension_appeals_one_open_idx" ON "suspension_appeals" USING btree ("suspension_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "application_events_application_idx" ON "application_events" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "application_events_actor_idx" ON "application_events" USING btree ("actor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_applications_job_applicant_idx" ON "job_applications" USING btree ("job_id","applicant_id");--> statement-breakpoint
CREATE INDEX "job_applications_applicant_idx" ON "job_applications" USING btree ("applicant_id","created_at");--> statement-breakpoint
CREATE INDEX "job_applications_cv_idx" ON "job_applications" USING btree ("cv_upload_id");--> statement-breakpoint
CREATE INDEX "job_searches_user_idx" ON "job_searches" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_searches_unsubscribe_idx" ON "job_searches" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "job_skills_skill_idx" ON "job_skills" USING btree ("skill_id");--> statement-breakpoint
CREATE INDEX "jobs_search_idx" ON "jobs" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "jobs_employer_idx" ON "jobs" USING btree ("employer_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_open_idx" ON "jobs" USING btree ("posted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "jobs_open_deadline_idx" ON "jobs" USING btree ("deadline") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "saved_jobs_job_idx" ON "saved_jobs" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bids_one_accepted_idx" ON "bids" USING btree ("gig_id") WHERE status = 'accepted';--> statement-breakpoint
CREATE UNIQUE INDEX "bids_one_live_idx" ON "bids" USING btree ("gig_id","bidder_id") WHERE status in ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX "bids_gig_idx" ON "bids" USING btree ("gig_id","created_at");--> statement-breakpoint
CREATE INDEX "bids_bidder_idx" ON "bids" USING btree ("bidder_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "gig_events_gig_idx" ON "gig_events" USING btree ("gig_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gig_reviews_once_idx" ON "gig_reviews" USING btree ("gig_id","author_id");--> statement-breakpoint
CREATE INDEX "gig_reviews_subject_idx" ON "gig_reviews" USING btree ("subject_id","subject_role");--> statement-breakpoint
CREATE INDEX "gig_reviews_author_idx" ON "gig_reviews" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "gig_skills_skill_idx" ON "gig_skills" USING btree ("skill_id");--> statement-breakpoint
CREATE INDEX "gigs_search_idx" ON "gigs" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "gigs_status_idx" ON "gigs" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "gigs_poster_idx" ON "gigs" USING btree ("poster_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "gigs_talent_idx" ON "gigs" USING btree ("talent_id");--> statement-breakpoint
CREATE INDEX "portfolio_items_user_idx" ON "portfolio_items" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "portfolio_items_images_idx" ON "portfolio_items" USING gin ("image_upload_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "mentor_applications_one_pending_idx" ON "mentor_applications" USING btree ("user_id") WHERE "mentor_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mentor_applications_status_created_idx" ON "mentor_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "mentor_plans_mentor_idx" ON "mentor_plans" USING btree ("mentor_id","active");--> statement-breakpoint
CREATE UNIQUE INDEX "mentor_subscriptions_live_idx" ON "mentor_subscriptions" USING btree ("plan_id","mentee_id") WHERE "mentor_subscriptions"."status" in ('trialing', 'active', 'past_due', 'paused');--> statement-breakpoint
CREATE INDEX "mentor_subscriptions_mentor_idx" ON "mentor_subscriptions" USING btree ("mentor_id","status");--> statement-breakpoint
CREATE INDEX "mentor_subscriptions_mentee_idx" ON "mentor_subscriptions" USING btree ("mentee_id","status");--> statement-breakpoint
CREATE INDEX "mentor_availability_overrides_mentor_date_idx" ON "mentor_availability_overrides" USING btree ("mentor_id","date");--> statement-breakpoint
CREATE INDEX "mentor_sessions_mentor_start_idx" ON "mentor_sessions" USING btree ("mentor_id","start_at");--> statement-breakpoint
CREATE INDEX "mentor_sessions_mentee_start_idx" ON "mentor_sessions" USING btree ("mentee_id","start_at");--> statement-breakpoint
CREATE INDEX "mentor_sessions_subscription_idx" ON "mentor_sessions" USING btree ("subscription_id","start_at");--> statement-breakpoint
CREATE INDEX "admin_audit_log_target_idx" ON "admin_audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_action_created_idx" ON "admin_audit_log" USING btree ("action","created_at");