CREATE TABLE "attempt_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"locked_until" timestamp with time zone,
	"last_tried_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_passkeys" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_passkeys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"name" text NOT NULL,
	"backed_up" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customer_recovery_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_recovery_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_security_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"anti_phishing_code" text,
	"whitelist_mode" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_totp" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "known_devices" (
	"user_id" bigint NOT NULL,
	"device_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "known_devices_user_id_device_hash_pk" PRIMARY KEY("user_id","device_hash")
);
--> statement-breakpoint
CREATE TABLE "not_me_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"sign_in_event_id" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "second_factor_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"context" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "security_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"change" text NOT NULL,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "security_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "security_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"target" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "security_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" bigint NOT NULL,
	"requested_by_name" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" bigint,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	CONSTRAINT "security_requests_action" CHECK ("security_requests"."action" in ('liftLock', 'resetFactors')),
	CONSTRAINT "security_requests_status" CHECK ("security_requests"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "security_requests_four_eyes" CHECK ("security_requests"."decided_by" is null or "security_requests"."decided_by" <> "security_requests"."requested_by")
);
--> statement-breakpoint
CREATE TABLE "sign_in_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_in_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"provider" text,
	"result" text NOT NULL,
	"browser" text,
	"os" text,
	"address" text,
	"new_device" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "step_up_grants" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"method" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webauthn_ceremonies" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"purpose" text NOT NULL,
	"challenge_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "withdrawal_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"label" text NOT NULL,
	"coin" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"usable_from" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_addresses_usable_after_confirmation" CHECK ("withdrawal_addresses"."usable_from" is null or "withdrawal_addresses"."confirmed_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "withdrawal_locks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_locks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" bigint
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_hash" text;--> statement-breakpoint
CREATE INDEX "attempt_counters_last_tried_idx" ON "attempt_counters" USING btree ("last_tried_at");--> statement-breakpoint
CREATE INDEX "rate_counters_window_idx" ON "rate_counters" USING btree ("window_started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_passkeys_credential_key" ON "customer_passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "customer_passkeys_user_idx" ON "customer_passkeys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "customer_recovery_codes_user_idx" ON "customer_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "not_me_tokens_expires_idx" ON "not_me_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "second_factor_tickets_expires_idx" ON "second_factor_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "security_changes_user_idx" ON "security_changes" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "security_codes_user_purpose_idx" ON "security_codes" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "security_requests_status_idx" ON "security_requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "security_requests_user_idx" ON "security_requests" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "sign_in_events_user_idx" ON "sign_in_events" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "webauthn_ceremonies_expires_idx" ON "webauthn_ceremonies" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "withdrawal_addresses_user_idx" ON "withdrawal_addresses" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_addresses_live_key" ON "withdrawal_addresses" USING btree ("user_id","coin","network","address") WHERE "withdrawal_addresses"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "withdrawal_locks_user_idx" ON "withdrawal_locks" USING btree ("user_id","until");--> statement-breakpoint
-- Accounts opened before whitelist mode existed keep withdrawing as they did (whitelist mode off); a new
-- account has no row and gets the default, on (security/tables.ts).
INSERT INTO "customer_security_settings" ("user_id", "whitelist_mode") SELECT "id", false FROM "users";
