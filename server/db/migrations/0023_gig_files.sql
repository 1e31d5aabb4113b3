ALTER TABLE "gigs" ADD COLUMN "attachment_upload_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "gigs" ADD COLUMN "delivery_file_upload_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
CREATE INDEX "gigs_attachments_idx" ON "gigs" USING gin ("attachment_upload_ids");--> statement-breakpoint
CREATE INDEX "gigs_delivery_files_idx" ON "gigs" USING gin ("delivery_file_upload_ids");