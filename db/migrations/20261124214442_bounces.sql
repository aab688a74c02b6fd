CREATE TABLE "email_event_receipts" (
	"event_id" varchar(200) PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_soft_bounces" (
	"email" varchar(254) PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"last_detail" varchar(300),
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_suppressions" (
	"email" varchar(254) PRIMARY KEY NOT NULL,
	"reason" varchar(16) NOT NULL,
	"detail" varchar(300),
	"source" varchar(8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_suppressions_reason_check" CHECK ("email_suppressions"."reason" IN ('hard-bounce', 'complaint', 'soft-bounces')),
	CONSTRAINT "email_suppressions_source_check" CHECK ("email_suppressions"."source" IN ('smtp', 'webhook'))
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_status_check";--> statement-breakpoint
CREATE INDEX "email_suppressions_created_at_idx" ON "email_suppressions" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" IN ('pending', 'sending', 'sent', 'failed', 'suppressed'));