CREATE TABLE "kyc_files" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"upload_id" text NOT NULL,
	"mime" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_identities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kyc_identities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"status" text DEFAULT 'unverified' NOT NULL,
	"document_type" text,
	"first_name" text,
	"last_name" text,
	"birthdate" text,
	"sex" text,
	"country" text,
	"address" text,
	"area_code" text,
	"phone" text,
	"front_file" text,
	"back_file" text,
	"hand_file" text,
	"signature" jsonb,
	"rejections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submissions" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by_staff_id" bigint,
	CONSTRAINT "kyc_identities_status" CHECK ("kyc_identities"."status" in ('unverified', 'pending', 'verified', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "loan_contracts" (
	"loan_id" bigint PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_notices" (
	"loan_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"day" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_notices_loan_id_kind_day_pk" PRIMARY KEY("loan_id","kind","day")
);
--> statement-breakpoint
CREATE TABLE "loan_overdue_days" (
	"loan_id" bigint NOT NULL,
	"day" integer NOT NULL,
	"interest" numeric(36, 18) NOT NULL,
	"accrued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_overdue_days_loan_id_day_pk" PRIMARY KEY("loan_id","day")
);
--> statement-breakpoint
CREATE TABLE "loan_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"term" integer NOT NULL,
	"daily_rate" numeric(36, 18) NOT NULL,
	"interest_free_days" integer NOT NULL,
	"overdue_daily_rate" numeric(36, 18) NOT NULL,
	"total_interest" numeric(36, 18) NOT NULL,
	"total_repayment" numeric(36, 18) NOT NULL,
	"apr_percent" numeric(36, 18) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"quote_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"term" integer NOT NULL,
	"daily_rate" numeric(36, 18) NOT NULL,
	"interest_free_days" integer NOT NULL,
	"overdue_daily_rate" numeric(36, 18) NOT NULL,
	"total_interest" numeric(36, 18) NOT NULL,
	"total_repayment" numeric(36, 18) NOT NULL,
	"apr_percent" numeric(36, 18) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"language" text NOT NULL,
	"signature" jsonb NOT NULL,
	"contract_sha256" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"maturity_at" timestamp with time zone,
	"next_event_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"repaid_amount" numeric(36, 18),
	"interest_paid" numeric(36, 18),
	"decided_by_staff_id" bigint,
	CONSTRAINT "loans_quote_id_unique" UNIQUE("quote_id"),
	CONSTRAINT "loans_status" CHECK ("loans"."status" in ('pending', 'rejected', 'repaying', 'expired', 'repaid', 'withdrawn')),
	CONSTRAINT "loans_amount_positive" CHECK ("loans"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "loan_contracts" ADD CONSTRAINT "loan_contracts_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_notices" ADD CONSTRAINT "loan_notices_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_overdue_days" ADD CONSTRAINT "loan_overdue_days_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_files_upload" ON "kyc_files" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "kyc_files_user_idx" ON "kyc_files" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_identities_user" ON "kyc_identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "kyc_identities_status_idx" ON "kyc_identities" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "loan_quotes_expiry_idx" ON "loan_quotes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "loans_status_idx" ON "loans" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "loans_next_event_idx" ON "loans" USING btree ("next_event_at") WHERE "loans"."status" in ('repaying', 'expired');