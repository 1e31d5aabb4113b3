ALTER TABLE "lessons" ADD COLUMN "captions_upload_id" uuid;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "captions_label" text DEFAULT 'English' NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "captions_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_captions_upload_id_uploads_id_fk" FOREIGN KEY ("captions_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lessons_captions_upload_idx" ON "lessons" USING btree ("captions_upload_id");