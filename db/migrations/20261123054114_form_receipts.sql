CREATE TABLE "form_receipts" (
	"fingerprint" char(64) PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "form_receipts_created_at_idx" ON "form_receipts" USING btree ("created_at");