CREATE TABLE "job_view_totals" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"views" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_views_seen" (
	"job_id" uuid NOT NULL,
	"day" date NOT NULL,
	"viewer_key" text NOT NULL,
	CONSTRAINT "job_views_seen_job_id_day_viewer_key_pk" PRIMARY KEY("job_id","day","viewer_key")
);
--> statement-breakpoint
ALTER TABLE "job_view_totals" ADD CONSTRAINT "job_view_totals_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_views_seen" ADD CONSTRAINT "job_views_seen_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_views_seen_day_idx" ON "job_views_seen" USING btree ("day");