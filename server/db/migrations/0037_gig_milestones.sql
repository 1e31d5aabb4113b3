CREATE TABLE "gig_milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gig_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"title" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"due_date" date,
	"status" text DEFAULT 'unfunded' NOT NULL,
	"payment_id" uuid,
	"fee_minor" integer,
	"released_minor" integer DEFAULT 0 NOT NULL,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"funded_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"disputed_by" uuid,
	"dispute_reason" text,
	"disputed_at" timestamp with time zone,
	"resolution" text,
	"resolution_reason" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gig_milestones_amount" CHECK ("gig_milestones"."amount_minor" > 0),
	CONSTRAINT "gig_milestones_status" CHECK ("gig_milestones"."status" in ('unfunded', 'funded', 'submitted', 'released', 'refunded', 'disputed', 'cancelled')),
	CONSTRAINT "gig_milestones_settled" CHECK ("gig_milestones"."released_minor" + "gig_milestones"."refunded_minor" <= "gig_milestones"."amount_minor")
);
--> statement-breakpoint
ALTER TABLE "gig_milestones" ADD CONSTRAINT "gig_milestones_gig_id_gigs_id_fk" FOREIGN KEY ("gig_id") REFERENCES "public"."gigs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gig_milestones" ADD CONSTRAINT "gig_milestones_disputed_by_users_id_fk" FOREIGN KEY ("disputed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gig_milestones" ADD CONSTRAINT "gig_milestones_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gig_milestones_gig_idx" ON "gig_milestones" USING btree ("gig_id","position");--> statement-breakpoint
CREATE INDEX "gig_milestones_disputed_idx" ON "gig_milestones" USING btree ("disputed_at") WHERE status = 'disputed';--> statement-breakpoint
-- Gigs hired before escrow and still at work get the one milestone a hire plans now (decision 060):
-- unfunded, so nothing changes for them unless the poster pays through escrow.
INSERT INTO "gig_milestones" ("gig_id", "position", "title", "amount_minor", "due_date")
SELECT g."id", 0, g."title", b."amount", g."deadline"
FROM "gigs" g JOIN "bids" b ON b."id" = g."accepted_bid_id"
WHERE g."status" IN ('in_progress', 'delivered') AND g."budget_type" = 'fixed' AND g."currency" = 'NGN';
