ALTER TABLE "uploads" ADD COLUMN "variants_made_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "uploads_created_at_idx" ON "uploads" USING btree ("created_at");