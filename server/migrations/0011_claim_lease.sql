ALTER TABLE "submission_claims" ADD COLUMN "holder" text;--> statement-breakpoint
ALTER TABLE "submission_claims" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "submission_claims" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submission_claims" ADD COLUMN "response" jsonb;