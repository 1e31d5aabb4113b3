CREATE TABLE "gig_invitations" (
	"gig_id" uuid NOT NULL,
	"talent_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gig_invitations_gig_id_talent_id_pk" PRIMARY KEY("gig_id","talent_id")
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "in_app" boolean;--> statement-breakpoint
ALTER TABLE "gig_invitations" ADD CONSTRAINT "gig_invitations_gig_id_gigs_id_fk" FOREIGN KEY ("gig_id") REFERENCES "public"."gigs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gig_invitations" ADD CONSTRAINT "gig_invitations_talent_id_users_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gig_invitations_talent_idx" ON "gig_invitations" USING btree ("talent_id");