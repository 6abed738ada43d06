CREATE TABLE "cashier_deposits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cashier_deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"coin" text NOT NULL,
	"network" text NOT NULL,
	"chain" text NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"address" text NOT NULL,
	"tx_hash" text NOT NULL,
	"proof_image" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by_staff_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "cashier_deposits_status" CHECK ("cashier_deposits"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "cashier_deposits_amount_positive" CHECK ("cashier_deposits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "cashier_withdrawal_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"method" text NOT NULL,
	"currency" text NOT NULL,
	"network" text,
	"amount" numeric(36, 18) NOT NULL,
	"fee" numeric(36, 18) NOT NULL,
	"fee_rate" numeric(36, 18) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cashier_withdrawals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cashier_withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"method" text NOT NULL,
	"currency" text NOT NULL,
	"network" text,
	"address" text,
	"payee_name" text,
	"card_number" text,
	"bank_name" text,
	"amount" numeric(36, 18) NOT NULL,
	"fee" numeric(36, 18) NOT NULL,
	"quote_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reference" text,
	"decided_by_staff_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "cashier_withdrawals_quote_id_unique" UNIQUE("quote_id"),
	CONSTRAINT "cashier_withdrawals_status" CHECK ("cashier_withdrawals"."status" in ('pending', 'approved', 'completed', 'rejected', 'cancelled')),
	CONSTRAINT "cashier_withdrawals_amount_positive" CHECK ("cashier_withdrawals"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "invite_rewards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invite_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"inviter_user_id" bigint NOT NULL,
	"friend_user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"fee" numeric(36, 18) NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"journal_id" bigint NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_rewards_journal_id_unique" UNIQUE("journal_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"title_key" text NOT NULL,
	"body_key" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reference_type" text,
	"reference_id" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cashier_deposits_user_idx" ON "cashier_deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "cashier_deposits_status_idx" ON "cashier_deposits" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cashier_deposits_live_hash" ON "cashier_deposits" USING btree ("chain","tx_hash") WHERE "cashier_deposits"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "cashier_withdrawal_quotes_expires_idx" ON "cashier_withdrawal_quotes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "cashier_withdrawals_user_idx" ON "cashier_withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "cashier_withdrawals_status_idx" ON "cashier_withdrawals" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "invite_rewards_inviter_idx" ON "invite_rewards" USING btree ("inviter_user_id","currency");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;