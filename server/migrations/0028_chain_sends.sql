CREATE TABLE "cashier_chain_nonces" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"next_nonce" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashier_chain_nonces_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE TABLE "cashier_chain_send_attempts" (
	"send_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"kind" text NOT NULL,
	"tx_hash" text NOT NULL,
	"raw_tx" text NOT NULL,
	"max_fee_per_gas" text NOT NULL,
	"max_priority_fee_per_gas" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cashier_chain_send_attempts_send_id_attempt_pk" PRIMARY KEY("send_id","attempt"),
	CONSTRAINT "cashier_chain_send_attempts_tx_hash_unique" UNIQUE("tx_hash"),
	CONSTRAINT "cashier_chain_send_attempts_kind" CHECK ("cashier_chain_send_attempts"."kind" in ('transfer', 'cancel'))
);
--> statement-breakpoint
CREATE TABLE "cashier_chain_sends" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cashier_chain_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"chain_id" integer NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"token_contract" text,
	"raw_amount" text NOT NULL,
	"nonce" bigint NOT NULL,
	"gas_limit" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"mined_hash" text,
	"block_number" bigint,
	"block_hash" text,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"broadcast_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "cashier_chain_sends_key_unique" UNIQUE("key"),
	CONSTRAINT "cashier_chain_sends_nonce" UNIQUE("chain_id","from_address","nonce"),
	CONSTRAINT "cashier_chain_sends_status" CHECK ("cashier_chain_sends"."status" in ('pending', 'cancelling', 'mined', 'confirmed', 'failed', 'cancelled')),
	CONSTRAINT "cashier_chain_sends_raw_amount" CHECK ("cashier_chain_sends"."raw_amount" ~ '^[0-9]{1,78}$')
);
--> statement-breakpoint
ALTER TABLE "cashier_withdrawals" DROP CONSTRAINT "cashier_withdrawals_status";--> statement-breakpoint
ALTER TABLE "cashier_withdrawals" ADD COLUMN "chain_state" text;--> statement-breakpoint
ALTER TABLE "cashier_withdrawals" ADD COLUMN "chain_id" integer;--> statement-breakpoint
ALTER TABLE "cashier_withdrawals" ADD COLUMN "tx_hash" text;--> statement-breakpoint
ALTER TABLE "cashier_withdrawals" ADD COLUMN "chain_updated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "cashier_chain_sends_open_idx" ON "cashier_chain_sends" USING btree ("chain_id","status");--> statement-breakpoint
CREATE INDEX "cashier_withdrawals_chain_idx" ON "cashier_withdrawals" USING btree ("chain_state","id");--> statement-breakpoint
ALTER TABLE "cashier_withdrawals" ADD CONSTRAINT "cashier_withdrawals_chain_state" CHECK ("cashier_withdrawals"."chain_state" is null or "cashier_withdrawals"."chain_state" in ('waiting_funds', 'waiting_gas', 'sending', 'confirming'));--> statement-breakpoint
ALTER TABLE "cashier_withdrawals" ADD CONSTRAINT "cashier_withdrawals_status" CHECK ("cashier_withdrawals"."status" in ('pending', 'approved', 'completed', 'rejected', 'cancelled', 'returned'));