CREATE TABLE "feed_history" (
	"feed" text PRIMARY KEY NOT NULL,
	"seed" bigint NOT NULL,
	"from_time" timestamp with time zone NOT NULL,
	"to_time" timestamp with time zone NOT NULL,
	"codes" jsonb NOT NULL,
	"last_seq" bigint NOT NULL,
	"written_from" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "market_candles_1m" ADD COLUMN "span_minutes" smallint DEFAULT 1 NOT NULL;