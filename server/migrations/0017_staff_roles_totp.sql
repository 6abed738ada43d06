CREATE TABLE "four_eyes_approvals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "four_eyes_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"staff_id" bigint NOT NULL,
	"approved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "four_eyes_approvals_once" UNIQUE("subject_kind","subject_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "review_claims" (
	"kind" text NOT NULL,
	"record_id" text NOT NULL,
	"staff_id" bigint NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_claims_kind_record_id_pk" PRIMARY KEY("kind","record_id")
);
--> statement-breakpoint
CREATE TABLE "staff_sign_in_tickets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "roles" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "four_eyes_approvals" ADD CONSTRAINT "four_eyes_approvals_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_claims" ADD CONSTRAINT "review_claims_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sign_in_tickets" ADD CONSTRAINT "staff_sign_in_tickets_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_sign_in_tickets_staff_idx" ON "staff_sign_in_tickets" USING btree ("staff_id");--> statement-breakpoint
-- Staff created before roles existed could do everything: they keep that, and an admin narrows it.
UPDATE "staff" SET "roles" = ARRAY['reviewer', 'finance', 'admin', 'content'];
