ALTER TABLE "notifications" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
CREATE INDEX "notifications_actor_idx" ON "notifications" USING btree ("actor_id") WHERE actor_id is not null;--> statement-breakpoint
-- The audit log stays append-only, but for erasure (decision 050): with `app.erasure` on in its
-- transaction, an update may blank personal values (details, before, after, reason) and nothing else.
CREATE OR REPLACE FUNCTION admin_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('app.erasure', true) = 'on'
     AND NEW.id = OLD.id AND NEW.admin_id = OLD.admin_id AND NEW.action = OLD.action
     AND NEW.target IS NOT DISTINCT FROM OLD.target
     AND NEW.target_type IS NOT DISTINCT FROM OLD.target_type
     AND NEW.target_id IS NOT DISTINCT FROM OLD.target_id
     AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'admin_audit_log is append-only';
END;
$$;
