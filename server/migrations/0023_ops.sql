CREATE TABLE "platform_leadership" (
	"lock_key" bigint PRIMARY KEY NOT NULL,
	"epoch" bigint NOT NULL,
	"holder" text NOT NULL,
	"since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_ticks" ADD COLUMN "epoch" bigint;--> statement-breakpoint
ALTER TABLE "platform_jobs" ADD COLUMN "epoch" bigint;