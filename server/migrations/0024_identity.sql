CREATE TABLE "legacy_plain_values" (
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"value" jsonb NOT NULL,
	CONSTRAINT "legacy_plain_values_kind_ref_pk" PRIMARY KEY("kind","ref")
);
--> statement-breakpoint
CREATE TABLE "platform_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"sealed" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kyc_files" ADD COLUMN "sealed_key" "bytea";--> statement-breakpoint
ALTER TABLE "kyc_identities" ADD COLUMN "fields_sealed" "bytea";--> statement-breakpoint
ALTER TABLE "kyc_identities" ADD COLUMN "signature_sealed" "bytea";--> statement-breakpoint
ALTER TABLE "kyc_identities" ADD COLUMN "document_index" text;--> statement-breakpoint
ALTER TABLE "kyc_identities" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loan_contracts" ADD COLUMN "user_id" bigint;--> statement-breakpoint
UPDATE "loan_contracts" SET "user_id" = "loans"."user_id" FROM "loans" WHERE "loans"."id" = "loan_contracts"."loan_id";--> statement-breakpoint
ALTER TABLE "loan_contracts" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "signature_sealed" "bytea";--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "purpose" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "sealed_key" "bytea";--> statement-breakpoint
CREATE INDEX "users_closed_idx" ON "users" USING btree ("closed_at") WHERE "users"."closed_at" is not null;--> statement-breakpoint
CREATE INDEX "kyc_identities_document_idx" ON "kyc_identities" USING btree ("document_index");--> statement-breakpoint
CREATE INDEX "uploads_purpose_created_idx" ON "uploads" USING btree ("purpose","created_at");--> statement-breakpoint
-- Personal data stored in plain until now moves to legacy_plain_values; the server seals it into the new
-- columns at its next start (kyc/legacy.ts, loans/legacy.ts) and deletes each staging row as it goes.
INSERT INTO "legacy_plain_values" ("kind", "ref", "value")
  SELECT 'kyc.fields', "id"::text, jsonb_strip_nulls(jsonb_build_object(
    'firstName', "first_name", 'lastName', "last_name", 'birthdate', "birthdate", 'sex', "sex",
    'country', "country", 'address', "address", 'areaCode', "area_code", 'phone', "phone"))
  FROM "kyc_identities"
  WHERE coalesce("first_name", "last_name", "birthdate", "sex", "country", "address", "area_code", "phone") IS NOT NULL;--> statement-breakpoint
INSERT INTO "legacy_plain_values" ("kind", "ref", "value")
  SELECT 'kyc.signature', "id"::text, "signature" FROM "kyc_identities" WHERE "signature" IS NOT NULL;--> statement-breakpoint
INSERT INTO "legacy_plain_values" ("kind", "ref", "value")
  SELECT 'loan.signature', "id"::text, "signature" FROM "loans" WHERE "signature" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "kyc_identities" DROP COLUMN "first_name";--> statement-breakpoint
ALTER TABLE "kyc_identities" DROP COLUMN "last_name";--> statement-breakpoint
ALTER TABLE "kyc_identities" DROP COLUMN "birthdate";--> statement-breakpoint
ALTER TABLE "kyc_identities" DROP COLUMN "sex";--> statement-breakpoint
ALTER TABLE "kyc_identities" DROP COLUMN "country";--> statement-breakpoint
ALTER TABLE "kyc_identities" DROP COLUMN "address";--> statement-breakpoint
ALTER TABLE "kyc_identities" DROP COLUMN "area_code";--> statement-breakpoint
ALTER TABLE "kyc_identities" DROP COLUMN "phone";--> statement-breakpoint
ALTER TABLE "kyc_identities" DROP COLUMN "signature";--> statement-breakpoint
ALTER TABLE "loans" DROP COLUMN "signature";--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_purpose" CHECK ("uploads"."purpose" in ('general', 'identity'));