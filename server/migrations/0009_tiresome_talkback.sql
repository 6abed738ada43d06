ALTER TABLE "markets" ADD COLUMN "option_periods" jsonb;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "option_stake_min" numeric(36, 18);--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "option_stake_max" numeric(36, 18);