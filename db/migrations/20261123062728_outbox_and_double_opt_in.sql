CREATE TABLE "outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" varchar(40) NOT NULL,
	"recipient" varchar(254),
	"payload" jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" IN ('pending', 'sending', 'sent', 'failed')),
	CONSTRAINT "outbox_attempts_check" CHECK ("outbox"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "status" varchar(16) DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "consent_text" varchar(500);--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "consent_address_hash" char(64);--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","run_after");--> statement-breakpoint
CREATE INDEX "outbox_recipient_idx" ON "outbox" USING btree (lower("recipient"));--> statement-breakpoint
CREATE INDEX "outbox_created_at_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_status_created_at_idx" ON "newsletter_subscribers" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_status_check" CHECK ("newsletter_subscribers"."status" IN ('pending', 'confirmed', 'unsubscribed'));--> statement-breakpoint
-- Addresses stored before double opt-in typed themselves into the form (single opt-in): they stay subscribed, and the
-- record says how they came in (decision 007).
UPDATE "newsletter_subscribers" SET "status" = 'confirmed', "confirmed_at" = "created_at", "consent_text" = 'Subscribed with the site form before double opt-in; no confirmation email was sent then.';
