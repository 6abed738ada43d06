CREATE TABLE "loan_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"loan_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"principal" numeric(36, 18) NOT NULL,
	"interest" numeric(36, 18) NOT NULL,
	"journal_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_payments_kind" CHECK ("loan_payments"."kind" in ('repayment', 'collection', 'withdrawal', 'write_off')),
	CONSTRAINT "loan_payments_parts" CHECK ("loan_payments"."principal" >= 0 and "loan_payments"."interest" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loan_write_offs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_write_offs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"loan_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"requested_by" bigint NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"principal" numeric(36, 18),
	"interest" numeric(36, 18),
	"journal_id" bigint,
	CONSTRAINT "loan_write_offs_status" CHECK ("loan_write_offs"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "charity_payouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charity_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"currency" text NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"reference" text NOT NULL,
	"recipient" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" bigint NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"journal_id" bigint,
	CONSTRAINT "charity_payouts_status" CHECK ("charity_payouts"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "charity_payouts_amount_positive" CHECK ("charity_payouts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "loans" DROP CONSTRAINT "loans_status";--> statement-breakpoint
DROP INDEX "plans_one_running_per_product";--> statement-breakpoint
ALTER TABLE "loan_quotes" ADD COLUMN "overdue_interest_cap" numeric(36, 18);--> statement-breakpoint
ALTER TABLE "loan_quotes" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "overdue_interest_cap" numeric(36, 18);--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "due_date" text;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "paid_principal" numeric(36, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "paid_interest" numeric(36, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "overdue_interest" numeric(36, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "written_off_amount" numeric(36, 18);--> statement-breakpoint
ALTER TABLE "plan_quotes" ADD COLUMN "mode" text DEFAULT 'real' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "mode" text DEFAULT 'real' NOT NULL;--> statement-breakpoint
ALTER TABLE "trading_receipts" ADD COLUMN "rule" text;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_write_offs" ADD CONSTRAINT "loan_write_offs_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_payments_once" ON "loan_payments" USING btree ("loan_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_write_offs_open" ON "loan_write_offs" USING btree ("loan_id") WHERE "loan_write_offs"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "charity_payouts_status_idx" ON "charity_payouts" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_one_running_per_mode_product" ON "plans" USING btree ("user_id","mode","product_id") WHERE "plans"."status" = 'earning';--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_status" CHECK ("loans"."status" in ('pending', 'rejected', 'repaying', 'expired', 'repaid', 'withdrawn', 'written_off'));--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_mode" CHECK ("plans"."mode" in ('real', 'demo'));--> statement-breakpoint
-- Loans approved before due dates had a calendar day: their due date is the UTC day of their maturity.
UPDATE "loans" SET "due_date" = to_char("maturity_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD') WHERE "maturity_at" IS NOT NULL AND "due_date" IS NULL;--> statement-breakpoint
-- The running total of overdue interest starts from the days already accrued.
UPDATE "loans" SET "overdue_interest" = coalesce((SELECT sum("interest") FROM "loan_overdue_days" WHERE "loan_overdue_days"."loan_id" = "loans"."id"), 0);
