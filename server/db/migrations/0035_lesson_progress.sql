CREATE TABLE "lesson_progress" (
	"user_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"watched" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reported_duration_seconds" integer DEFAULT 0 NOT NULL,
	"open_seconds" integer DEFAULT 0 NOT NULL,
	"scrolled_to_end" boolean DEFAULT false NOT NULL,
	"last_position_seconds" integer,
	"last_beat_at" timestamp with time zone,
	CONSTRAINT "lesson_progress_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id")
);
--> statement-breakpoint
ALTER TABLE "lesson_quizzes" ALTER COLUMN "attempts_limit" SET DEFAULT 3;--> statement-breakpoint
ALTER TABLE "lesson_quizzes" ADD COLUMN "reveal_answers" text DEFAULT 'after_passing' NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_progress_user_course_idx" ON "lesson_progress" USING btree ("user_id","course_id");--> statement-breakpoint
-- Decision 052: unlimited attempts were only the old default, never a tutor's choice; quizzes get the new default of 3.
UPDATE "lesson_quizzes" SET "attempts_limit" = 3 WHERE "attempts_limit" IS NULL;
