CREATE TABLE "nft_artworks" (
	"id" text PRIMARY KEY NOT NULL,
	"mime" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_by_staff_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nft_bids" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nft_bids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"nft_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"held_delta" numeric(36, 18) NOT NULL,
	"extended" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "nft_bids_amount_positive" CHECK ("nft_bids"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "nft_listings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nft_listings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"creator" text NOT NULL,
	"chain" text NOT NULL,
	"contract_address" text NOT NULL,
	"token_id" text NOT NULL,
	"artwork_id" text NOT NULL,
	"descriptions" jsonb NOT NULL,
	"charity" text NOT NULL,
	"shipped" boolean DEFAULT false NOT NULL,
	"currency" text NOT NULL,
	"starting_bid" numeric(36, 18) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"original_ends_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"outcome" text,
	"winner_user_id" bigint,
	"price" numeric(36, 18),
	"settled_at" timestamp with time zone,
	"donation_journal_id" text,
	"pending_push" jsonb,
	"created_by_staff_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nft_listings_outcome" CHECK ("nft_listings"."outcome" is null or "nft_listings"."outcome" in ('sold', 'unsold')),
	CONSTRAINT "nft_listings_times" CHECK ("nft_listings"."ends_at" >= "nft_listings"."original_ends_at" and "nft_listings"."original_ends_at" > "nft_listings"."starts_at"),
	CONSTRAINT "nft_listings_starting_bid_positive" CHECK ("nft_listings"."starting_bid" > 0)
);
--> statement-breakpoint
ALTER TABLE "nft_bids" ADD CONSTRAINT "nft_bids_nft_id_nft_listings_id_fk" FOREIGN KEY ("nft_id") REFERENCES "public"."nft_listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_listings" ADD CONSTRAINT "nft_listings_artwork_id_nft_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."nft_artworks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nft_bids_nft_amount_idx" ON "nft_bids" USING btree ("nft_id","amount");--> statement-breakpoint
CREATE INDEX "nft_bids_user_idx" ON "nft_bids" USING btree ("user_id","nft_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nft_bids_nft_amount_unique" ON "nft_bids" USING btree ("nft_id","amount");--> statement-breakpoint
CREATE UNIQUE INDEX "nft_listings_token" ON "nft_listings" USING btree ("chain","contract_address","token_id");--> statement-breakpoint
CREATE INDEX "nft_listings_ends_idx" ON "nft_listings" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "nft_listings_winner_idx" ON "nft_listings" USING btree ("winner_user_id");