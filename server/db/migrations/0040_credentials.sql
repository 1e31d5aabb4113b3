CREATE TABLE "credential_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"subject_key" text NOT NULL,
	"holder_name" text NOT NULL,
	"achievement" jsonb NOT NULL,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status_index" integer GENERATED ALWAYS AS IDENTITY (sequence name "credentials_status_index_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"issued_at" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_live_subject_idx" ON "credentials" USING btree ("user_id","subject_key") WHERE revoked_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_status_index_idx" ON "credentials" USING btree ("status_index");--> statement-breakpoint
CREATE INDEX "credentials_revoked_idx" ON "credentials" USING btree ("status_index") WHERE revoked_at is not null;