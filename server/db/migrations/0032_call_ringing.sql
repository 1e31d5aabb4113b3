ALTER TABLE "calls" ADD COLUMN "ring_state" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "ring_started_at" timestamp with time zone;