CREATE TABLE "trading_options" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trading_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"code" text NOT NULL,
	"direction" text NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"period" integer NOT NULL,
	"rate" numeric(36, 18) NOT NULL,
	"open_price" numeric(36, 18) NOT NULL,
	"open_seq" bigint NOT NULL,
	"open_tick_time" timestamp with time zone NOT NULL,
	"settle_price" numeric(36, 18),
	"settle_seq" bigint,
	"profit" numeric(36, 18),
	"status" text NOT NULL,
	"open_time" timestamp with time zone NOT NULL,
	"expiry_time" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "trading_options_mode" CHECK ("trading_options"."mode" in ('real', 'demo'))
);
--> statement-breakpoint
CREATE TABLE "trading_positions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trading_positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"code" text NOT NULL,
	"direction" text NOT NULL,
	"lots" numeric(36, 18) NOT NULL,
	"leverage" integer NOT NULL,
	"contract_size" numeric(36, 18) NOT NULL,
	"order_type" text NOT NULL,
	"limit_price" numeric(36, 18),
	"open_price" numeric(36, 18),
	"close_price" numeric(36, 18),
	"stop_loss" numeric(36, 18),
	"take_profit" numeric(36, 18),
	"margin" numeric(36, 18) NOT NULL,
	"open_fee" numeric(36, 18) NOT NULL,
	"close_fee" numeric(36, 18),
	"profit" numeric(36, 18),
	"maintenance_rate" numeric(36, 18) NOT NULL,
	"margin_call_rate" numeric(36, 18) NOT NULL,
	"liquidation_price" numeric(36, 18),
	"margin_call_price" numeric(36, 18),
	"margin_called" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"close_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"open_time" timestamp with time zone,
	"close_time" timestamp with time zone,
	CONSTRAINT "trading_positions_mode" CHECK ("trading_positions"."mode" in ('real', 'demo'))
);
--> statement-breakpoint
CREATE TABLE "trading_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"request" text NOT NULL,
	"price" numeric(36, 18) NOT NULL,
	"fee_rate" numeric(36, 18) NOT NULL,
	"required_margin" numeric(36, 18) NOT NULL,
	"fee" numeric(36, 18) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_receipts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trading_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"record_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"event" text NOT NULL,
	"code" text NOT NULL,
	"requested_price" numeric(36, 18),
	"fill_price" numeric(36, 18) NOT NULL,
	"tick_price" numeric(36, 18) NOT NULL,
	"tick_time" timestamp with time zone NOT NULL,
	"tick_seq" bigint NOT NULL,
	"journal_ids" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_spot_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trading_spot_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"code" text NOT NULL,
	"side" text NOT NULL,
	"order_type" text NOT NULL,
	"quantity" numeric(36, 18) NOT NULL,
	"limit_price" numeric(36, 18),
	"status" text NOT NULL,
	"held_amount" numeric(36, 18),
	"held_currency" text,
	"fill_price" numeric(36, 18),
	"fee" numeric(36, 18),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"filled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "trading_spot_orders_mode" CHECK ("trading_spot_orders"."mode" in ('real', 'demo'))
);
--> statement-breakpoint
CREATE INDEX "trading_options_user" ON "trading_options" USING btree ("user_id","mode","id");--> statement-breakpoint
CREATE INDEX "trading_options_open" ON "trading_options" USING btree ("expiry_time") WHERE "trading_options"."status" = 'open';--> statement-breakpoint
CREATE INDEX "trading_options_settled" ON "trading_options" USING btree ("mode","settled_at");--> statement-breakpoint
CREATE INDEX "trading_positions_user" ON "trading_positions" USING btree ("user_id","mode","id");--> statement-breakpoint
CREATE INDEX "trading_positions_active" ON "trading_positions" USING btree ("status") WHERE "trading_positions"."status" in ('waiting', 'open');--> statement-breakpoint
CREATE INDEX "trading_positions_closed" ON "trading_positions" USING btree ("mode","close_time");--> statement-breakpoint
CREATE UNIQUE INDEX "trading_receipts_record_event" ON "trading_receipts" USING btree ("kind","record_id","event");--> statement-breakpoint
CREATE INDEX "trading_receipts_user" ON "trading_receipts" USING btree ("user_id","kind","record_id");--> statement-breakpoint
CREATE INDEX "trading_spot_orders_user" ON "trading_spot_orders" USING btree ("user_id","mode","id");--> statement-breakpoint
CREATE INDEX "trading_spot_orders_pending" ON "trading_spot_orders" USING btree ("status") WHERE "trading_spot_orders"."status" = 'pending';