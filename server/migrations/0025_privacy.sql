CREATE TABLE "privacy_exports" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"sealed_key" "bytea",
	"size_bytes" integer,
	"sha256" text,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pseudonymised_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_exports_one_preparing" ON "privacy_exports" USING btree ("user_id") WHERE "privacy_exports"."status" = 'preparing';--> statement-breakpoint
CREATE INDEX "privacy_exports_user_idx" ON "privacy_exports" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "privacy_exports_status_idx" ON "privacy_exports" USING btree ("status");