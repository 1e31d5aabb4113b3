CREATE TABLE "mentor_endorsements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mentor_id" uuid NOT NULL,
	"mentee_id" uuid NOT NULL,
	"skill_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mentor_endorsements_not_self" CHECK ("mentor_endorsements"."mentor_id" <> "mentor_endorsements"."mentee_id")
);
--> statement-breakpoint
CREATE TABLE "passport_hidden_evidence" (
	"user_id" uuid NOT NULL,
	"evidence_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "passport_hidden_evidence_user_id_evidence_id_pk" PRIMARY KEY("user_id","evidence_id")
);
--> statement-breakpoint
ALTER TABLE "mentor_endorsements" ADD CONSTRAINT "mentor_endorsements_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_endorsements" ADD CONSTRAINT "mentor_endorsements_mentee_id_users_id_fk" FOREIGN KEY ("mentee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_endorsements" ADD CONSTRAINT "mentor_endorsements_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passport_hidden_evidence" ADD CONSTRAINT "passport_hidden_evidence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mentor_endorsements_once_idx" ON "mentor_endorsements" USING btree ("mentor_id","mentee_id","skill_id");--> statement-breakpoint
CREATE INDEX "mentor_endorsements_mentee_idx" ON "mentor_endorsements" USING btree ("mentee_id");