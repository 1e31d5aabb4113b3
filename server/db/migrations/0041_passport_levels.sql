CREATE TABLE "passport_levels" (
	"user_id" uuid NOT NULL,
	"skill_id" uuid NOT NULL,
	"level" text NOT NULL,
	"falls_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "passport_levels_user_id_skill_id_pk" PRIMARY KEY("user_id","skill_id"),
	CONSTRAINT "passport_levels_level" CHECK ("passport_levels"."level" in ('learning', 'proven', 'expert'))
);
--> statement-breakpoint
ALTER TABLE "passport_levels" ADD CONSTRAINT "passport_levels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passport_levels" ADD CONSTRAINT "passport_levels_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passport_levels_skill_level_idx" ON "passport_levels" USING btree ("skill_id","level","user_id");--> statement-breakpoint
CREATE INDEX "passport_levels_falls_at_idx" ON "passport_levels" USING btree ("falls_at") WHERE "passport_levels"."falls_at" is not null;