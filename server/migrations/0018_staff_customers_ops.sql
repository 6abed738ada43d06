CREATE TABLE "correction_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "correction_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" bigint NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"journal_id" text,
	CONSTRAINT "correction_requests_status" CHECK ("correction_requests"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "correction_requests_mode" CHECK ("correction_requests"."mode" in ('real', 'demo')),
	CONSTRAINT "correction_requests_amount_not_zero" CHECK ("correction_requests"."amount" <> 0),
	CONSTRAINT "correction_requests_four_eyes" CHECK ("correction_requests"."decided_by" is null or "correction_requests"."decided_by" <> "correction_requests"."requested_by")
);
--> statement-breakpoint
CREATE TABLE "customer_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"staff_id" bigint NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_drafts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_drafts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" smallint NOT NULL,
	"slug" text NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_by_staff_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nft_listings" DROP CONSTRAINT "nft_listings_outcome";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "updated_by_staff_id" bigint;--> statement-breakpoint
ALTER TABLE "correction_requests" ADD CONSTRAINT "correction_requests_requested_by_staff_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correction_requests" ADD CONSTRAINT "correction_requests_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "correction_requests_status_idx" ON "correction_requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "correction_requests_user_idx" ON "correction_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "customer_notes_user_idx" ON "customer_notes" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_drafts_type_slug_lang_uq" ON "content_drafts" USING btree ("type","slug","lang");--> statement-breakpoint
ALTER TABLE "nft_listings" ADD CONSTRAINT "nft_listings_outcome" CHECK ("nft_listings"."outcome" is null or "nft_listings"."outcome" in ('sold', 'unsold', 'cancelled'));