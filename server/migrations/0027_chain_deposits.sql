CREATE TABLE "cashier_chain_addresses" (
	"address" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"chain_id" integer NOT NULL,
	"account_index" integer NOT NULL,
	"address_index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashier_chain_addresses_user_chain" UNIQUE("user_id","chain_id")
);
--> statement-breakpoint
CREATE TABLE "cashier_chain_blocks" (
	"chain_id" integer NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "cashier_chain_blocks_chain_id_number_pk" PRIMARY KEY("chain_id","number")
);
--> statement-breakpoint
CREATE TABLE "cashier_chain_cursors" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"height" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"stalled_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cashier_chain_customers" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"address_index" integer GENERATED ALWAYS AS IDENTITY (sequence name "cashier_chain_customers_address_index_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashier_chain_customers_address_index_unique" UNIQUE("address_index")
);
--> statement-breakpoint
CREATE TABLE "cashier_chain_deposits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cashier_chain_deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"network" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"token_contract" text,
	"coin" text,
	"raw_amount" text NOT NULL,
	"amount" numeric,
	"credited_amount" numeric(36, 18),
	"user_id" bigint NOT NULL,
	"status" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"credited_at" timestamp with time zone,
	"flagged_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cashier_chain_deposits_key" UNIQUE("chain_id","tx_hash","log_index"),
	CONSTRAINT "cashier_chain_deposits_status" CHECK ("cashier_chain_deposits"."status" in ('seen', 'credited', 'dropped', 'reorged', 'below_minimum', 'unknown_token', 'wrong_network')),
	CONSTRAINT "cashier_chain_deposits_raw_amount" CHECK ("cashier_chain_deposits"."raw_amount" ~ '^[0-9]{1,78}$')
);
--> statement-breakpoint
CREATE INDEX "cashier_chain_deposits_user_idx" ON "cashier_chain_deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "cashier_chain_deposits_status_idx" ON "cashier_chain_deposits" USING btree ("chain_id","status","block_number");