CREATE TABLE "cashier_chain_sweeps" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cashier_chain_sweeps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"user_id" bigint NOT NULL,
	"coin" text NOT NULL,
	"token_contract" text,
	"raw_balance" text NOT NULL,
	"up_to_deposit_id" bigint NOT NULL,
	"status" text NOT NULL,
	"gas_rounds" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "cashier_chain_sweeps_status" CHECK ("cashier_chain_sweeps"."status" in ('funding', 'sweeping', 'done', 'failed')),
	CONSTRAINT "cashier_chain_sweeps_raw_balance" CHECK ("cashier_chain_sweeps"."raw_balance" ~ '^[0-9]{1,78}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cashier_chain_sweeps_open" ON "cashier_chain_sweeps" USING btree ("chain_id","address") WHERE "cashier_chain_sweeps"."status" in ('funding', 'sweeping');--> statement-breakpoint
CREATE INDEX "cashier_chain_sweeps_coin_idx" ON "cashier_chain_sweeps" USING btree ("chain_id","address","token_contract","id");--> statement-breakpoint
CREATE INDEX "cashier_chain_sweeps_status_idx" ON "cashier_chain_sweeps" USING btree ("status","id");