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
CREATE INDEX "gigs_talent_idx" ON "gigs" USING btree ("talent_id");