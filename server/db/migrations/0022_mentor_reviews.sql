CREATE TABLE "mentor_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mentor_id" uuid NOT NULL,
	"mentee_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"rating" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mentor_reviews_rating_check" CHECK ("mentor_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "mentor_reviews" ADD CONSTRAINT "mentor_reviews_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_reviews" ADD CONSTRAINT "mentor_reviews_mentee_id_users_id_fk" FOREIGN KEY ("mentee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_reviews" ADD CONSTRAINT "mentor_reviews_subscription_id_mentor_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."mentor_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mentor_reviews_period_idx" ON "mentor_reviews" USING btree ("subscription_id","period_start");--> statement-breakpoint
CREATE INDEX "mentor_reviews_mentor_created_idx" ON "mentor_reviews" USING btree ("mentor_id","created_at");--> statement-breakpoint
CREATE INDEX "mentor_reviews_mentee_idx" ON "mentor_reviews" USING btree ("mentee_id");