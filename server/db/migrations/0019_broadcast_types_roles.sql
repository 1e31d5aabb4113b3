ALTER TABLE "notification_broadcasts" ADD COLUMN "type" text DEFAULT 'admin_broadcast' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_broadcasts" ADD COLUMN "roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Hand-added: the old one-role audience becomes the role list before its column goes ('all' is empty).
UPDATE "notification_broadcasts" SET "roles" = ARRAY["audience"] WHERE "audience" <> 'all';--> statement-breakpoint
ALTER TABLE "notification_broadcasts" DROP COLUMN "audience";