CREATE TABLE "plan_payouts" (
	"plan_id" bigint NOT NULL,
	"cycle" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"journal_id" bigint NOT NULL,
	CONSTRAINT "plan_payouts_plan_id_cycle_pk" PRIMARY KEY("plan_id","cycle")
);
--> statement-breakpoint
CREATE TABLE "plan_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plan_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"underlying" text NOT NULL,
	"currency" text NOT NULL,
	"terms" jsonb NOT NULL,
	"min_amount" numeric(36, 18) NOT NULL,
	"max_amount" numeric(36, 18) NOT NULL,
	"exit_damages_rate" numeric(20, 12) NOT NULL,
	"earning_interval_seconds" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"terms_version" integer DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_products_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "plan_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"terms_version" integer NOT NULL,
	"days" integer NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"daily_rate" numeric(20, 12) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"product_code" text NOT NULL,
	"product_name" text NOT NULL,
	"underlying" text NOT NULL,
	"currency" text NOT NULL,
	"days" integer NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"daily_rate" numeric(20, 12) NOT NULL,
	"daily_income" numeric(36, 18) NOT NULL,
	"exit_damages_rate" numeric(20, 12) NOT NULL,
	"earning_interval_seconds" integer NOT NULL,
	"quote_id" text NOT NULL,
	"status" text DEFAULT 'earning' NOT NULL,
	"cycles_paid" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"next_earning_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"damages" numeric(36, 18),
	CONSTRAINT "plans_quote_id_unique" UNIQUE("quote_id"),
	CONSTRAINT "plans_status" CHECK ("plans"."status" in ('earning', 'completed', 'exited')),
	CONSTRAINT "plans_cycles" CHECK ("plans"."cycles_paid" >= 0 and "plans"."cycles_paid" <= "plans"."days"),
	CONSTRAINT "plans_amount_positive" CHECK ("plans"."amount" > 0)
);
--> statement-breakpoint
CREATE INDEX "plan_payouts_user_idx" ON "plan_payouts" USING btree ("user_id","paid_at");--> statement-breakpoint
CREATE INDEX "plan_quotes_expires_idx" ON "plan_quotes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "plans_user_idx" ON "plans" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "plans_due_idx" ON "plans" USING btree ("next_earning_at") WHERE "plans"."status" = 'earning';--> statement-breakpoint
CREATE UNIQUE INDEX "plans_one_running_per_product" ON "plans" USING btree ("user_id","product_id") WHERE "plans"."status" = 'earning';