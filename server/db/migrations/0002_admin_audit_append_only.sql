-- The admin audit log is append-only: no code path, and no stray SQL, may rewrite history.
CREATE FUNCTION admin_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_log is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER admin_audit_log_no_rewrite BEFORE UPDATE OR DELETE ON admin_audit_log
  FOR EACH ROW EXECUTE FUNCTION admin_audit_log_append_only();
