CREATE TABLE "market_candles_1m" (
	"code" text NOT NULL,
	"open_time" timestamp with time zone NOT NULL,
	"open" numeric(36, 18) NOT NULL,
	"high" numeric(36, 18) NOT NULL,
	"low" numeric(36, 18) NOT NULL,
	"close" numeric(36, 18) NOT NULL,
	"tick_count" integer NOT NULL,
	"close_seq" bigint NOT NULL,
	CONSTRAINT "market_candles_1m_code_open_time_pk" PRIMARY KEY("code","open_time")
);
--> statement-breakpoint
CREATE TABLE "market_ticks" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"price" numeric(36, 18) NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"feed" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "markets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "markets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"type" smallint NOT NULL,
	"name" text NOT NULL,
	"base_asset" text NOT NULL,
	"quote_asset" text NOT NULL,
	"logo" text NOT NULL,
	"reference_price" numeric(36, 18) NOT NULL,
	"tick_size" numeric(36, 18) NOT NULL,
	"price_decimals" smallint NOT NULL,
	"contract_size" numeric(36, 18) NOT NULL,
	"leverages" jsonb NOT NULL,
	"volatility" numeric(10, 6) NOT NULL,
	"calendar_id" text NOT NULL,
	"spot_tradable" boolean DEFAULT false NOT NULL,
	"margin_tradable" boolean DEFAULT true NOT NULL,
	"options_tradable" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "markets_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "watchlist" (
	"user_id" bigint NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_user_id_code_pk" PRIMARY KEY("user_id","code")
);
--> statement-breakpoint
CREATE INDEX "market_ticks_code_time" ON "market_ticks" USING btree ("code","time");--> statement-breakpoint
CREATE INDEX "market_ticks_time" ON "market_ticks" USING btree ("time");