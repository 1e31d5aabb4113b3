ALTER TABLE "mentor_reviews" ADD COLUMN "reply_text" text;--> statement-breakpoint
ALTER TABLE "mentor_reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mentor_reviews" ADD COLUMN "reply_edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mentor_reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mentor_reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "mentor_reviews" ADD CONSTRAINT "mentor_reviews_reply_length_check" CHECK (char_length("mentor_reviews"."reply_text") <= 1000);