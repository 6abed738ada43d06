CREATE TABLE "audit_anchors" (
	"day" text PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL,
	"last_hash" text NOT NULL,
	"rows" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_chain_head" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL,
	"last_hash" text NOT NULL,
	CONSTRAINT "audit_chain_head_one_row" CHECK ("audit_chain_head"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "four_eyes_requirements" (
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"required" integer NOT NULL,
	"requested_by" bigint,
	"basis" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fixed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"satisfied_at" timestamp with time zone,
	CONSTRAINT "four_eyes_requirements_subject_kind_subject_id_pk" PRIMARY KEY("subject_kind","subject_id"),
	CONSTRAINT "four_eyes_requirements_required" CHECK ("four_eyes_requirements"."required" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "pending_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pending_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"role" text NOT NULL,
	"payload" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" bigint NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	CONSTRAINT "pending_changes_status" CHECK ("pending_changes"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "pending_changes_four_eyes" CHECK ("pending_changes"."status" <> 'approved' or ("pending_changes"."decided_by" is not null and "pending_changes"."decided_by" <> "pending_changes"."requested_by"))
);
--> statement-breakpoint
CREATE TABLE "staff_email_secrets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_email_secrets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"staff_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "staff_email_secrets_secret_hash_unique" UNIQUE("secret_hash"),
	CONSTRAINT "staff_email_secrets_purpose" CHECK ("staff_email_secrets"."purpose" in ('password_reset', 'totp_enrol'))
);
--> statement-breakpoint
CREATE TABLE "staff_recovery_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"staff_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "created_by" bigint;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "totp_reset_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "id" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "staff_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "four_eyes_requirements" ADD CONSTRAINT "four_eyes_requirements_requested_by_staff_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_changes" ADD CONSTRAINT "pending_changes_requested_by_staff_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_changes" ADD CONSTRAINT "pending_changes_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_email_secrets" ADD CONSTRAINT "staff_email_secrets_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_email_secrets" ADD CONSTRAINT "staff_email_secrets_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_changes_status_idx" ON "pending_changes" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pending_changes_one_per_target" ON "pending_changes" USING btree ("target") WHERE "pending_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "staff_email_secrets_staff_idx" ON "staff_email_secrets" USING btree ("staff_id","purpose");--> statement-breakpoint
CREATE INDEX "staff_recovery_codes_staff_idx" ON "staff_recovery_codes" USING btree ("staff_id");--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_staff_idx" ON "audit_log" USING btree ("staff_id");--> statement-breakpoint
-- Issue 26: the audit log becomes tamper-evident. Each row carries `seq` (its place in the chain), the hash of
-- the row before (`prev_hash`) and its own `hash`: SHA-256 over a fixed rendering of the previous hash and the
-- row's content. One function renders and hashes, for the trigger below and for rows written before this
-- migration; the verifier (server/src/admin/audit-chain.ts) recomputes the same rendering independently.
CREATE FUNCTION audit_log_digest(prev_hash text, seq bigint, id bigint, staff_id bigint, action text, target text, details jsonb, created_at timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(
    'swx-audit-v1|' || prev_hash || '|' || seq::text || '|' || id::text || '|' || coalesce(staff_id::text, '')
    || '|' || octet_length(convert_to(action, 'UTF8'))::text || ':' || action
    || '|' || octet_length(convert_to(target, 'UTF8'))::text || ':' || target
    || '|' || octet_length(convert_to(details::text, 'UTF8'))::text || ':' || details::text
    || '|' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
  'UTF8')), 'hex')
$$;
--> statement-breakpoint
INSERT INTO audit_chain_head (id, last_seq, last_hash) VALUES (1, 0, repeat('0', 64));
--> statement-breakpoint
-- Rows written before this migration are chained now, in id order.
DO $$
DECLARE
  r record;
  s bigint := 0;
  h text := repeat('0', 64);
BEGIN
  FOR r IN SELECT id, staff_id, action, target, details, created_at FROM audit_log ORDER BY id LOOP
    s := s + 1;
    UPDATE audit_log
      SET seq = s, prev_hash = h, hash = audit_log_digest(h, s, r.id, r.staff_id, r.action, r.target, r.details, r.created_at)
      WHERE id = r.id
      RETURNING hash INTO h;
  END LOOP;
  UPDATE audit_chain_head SET last_seq = s, last_hash = h WHERE id = 1;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_seq_unique" ON "audit_log" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_email_unique" ON "staff" USING btree ("email");--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_id_unique" UNIQUE("id");--> statement-breakpoint
-- Segregation of duties (issue 26): nobody holds both admin and finance. A member who held both (the start-up
-- account used to hold every role) keeps admin, so the back office stays reachable; finance members are
-- created again through the back office.
UPDATE staff SET roles = array_remove(roles, 'finance') WHERE 'admin' = any(roles) AND 'finance' = any(roles);
--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_admin_not_finance" CHECK (not ('admin' = any("staff"."roles") and 'finance' = any("staff"."roles")));
--> statement-breakpoint
-- Every audit insert takes the chain's head (one row, locked until commit), so rows are chained one at a time
-- in the order they commit; the head then names the new row.
CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head audit_chain_head%ROWTYPE;
BEGIN
  SELECT * INTO head FROM audit_chain_head WHERE id = 1 FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'audit chain head is missing' USING ERRCODE = 'restrict_violation';
  END IF;
  NEW.created_at := coalesce(NEW.created_at, now());
  NEW.seq := head.last_seq + 1;
  NEW.prev_hash := head.last_hash;
  NEW.hash := audit_log_digest(NEW.prev_hash, NEW.seq, NEW.id, NEW.staff_id, NEW.action, NEW.target, NEW.details, NEW.created_at);
  UPDATE audit_chain_head SET last_seq = NEW.seq, last_hash = NEW.hash WHERE id = 1;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
--> statement-breakpoint
-- The audit log and its anchors are append-only, as the ledger is: UPDATE, DELETE and TRUNCATE are refused
-- whoever issues them.
CREATE FUNCTION audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit % is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_anchors_append_only BEFORE UPDATE OR DELETE ON audit_anchors
  FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_anchors_no_truncate BEFORE TRUNCATE ON audit_anchors
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();
--> statement-breakpoint
-- The head moves only from inside the chain trigger (trigger depth 2); it is never deleted.
CREATE FUNCTION audit_chain_head_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit chain head: % refused outside an audit insert', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_chain_head_guard BEFORE UPDATE OR DELETE ON audit_chain_head
  FOR EACH ROW EXECUTE FUNCTION audit_chain_head_guard();
--> statement-breakpoint
CREATE TRIGGER audit_chain_head_no_truncate BEFORE TRUNCATE ON audit_chain_head
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();
--> statement-breakpoint
-- Four eyes in the database (issue 26): the number of approvals a subject needs is never lowered once fixed,
-- and the member who requested a subject never approves it.
CREATE FUNCTION four_eyes_never_lower() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.required < OLD.required THEN
    RAISE EXCEPTION 'four eyes: % % needs % approvals, never fewer', OLD.subject_kind, OLD.subject_id, OLD.required USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.requested_by IS DISTINCT FROM OLD.requested_by THEN
    RAISE EXCEPTION 'four eyes: the requester of % % is fixed', OLD.subject_kind, OLD.subject_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER four_eyes_requirements_never_lower BEFORE UPDATE ON four_eyes_requirements
  FOR EACH ROW EXECUTE FUNCTION four_eyes_never_lower();
--> statement-breakpoint
CREATE FUNCTION four_eyes_refuse_requester() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM four_eyes_requirements r
    WHERE r.subject_kind = NEW.subject_kind AND r.subject_id = NEW.subject_id AND r.requested_by = NEW.staff_id
  ) THEN
    RAISE EXCEPTION 'four eyes: the requester of % % cannot approve it', NEW.subject_kind, NEW.subject_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER four_eyes_approvals_not_requester BEFORE INSERT ON four_eyes_approvals
  FOR EACH ROW EXECUTE FUNCTION four_eyes_refuse_requester();
--> statement-breakpoint
-- Requests still open when this migration runs get their requirement now: pending corrections need one
-- approval by someone other than their requester; pending withdrawals two, unless in USDT and within the
-- threshold (other coins have no price here, so they take the stricter rule).
INSERT INTO four_eyes_requirements (subject_kind, subject_id, required, requested_by, basis)
  SELECT 'correction', c.id::text, 1, c.requested_by, '{"fixedBy":"migration"}'::jsonb
  FROM correction_requests c WHERE c.status = 'pending';
--> statement-breakpoint
INSERT INTO four_eyes_requirements (subject_kind, subject_id, required, basis)
  SELECT 'withdrawal', w.id::text,
    CASE WHEN w.currency = 'USDT' AND w.amount <= coalesce(
      (SELECT p.value::numeric FROM parameters p WHERE p.key = 'withdrawal_four_eyes_usdt'), 0) THEN 1 ELSE 2 END,
    '{"fixedBy":"migration"}'::jsonb
  FROM cashier_withdrawals w WHERE w.status = 'pending';
