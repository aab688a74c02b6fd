CREATE TABLE "newsletter_deliveries" (
	"issue_id" bigint NOT NULL,
	"subscriber_id" bigint NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "newsletter_deliveries_issue_id_subscriber_id_pk" PRIMARY KEY("issue_id","subscriber_id"),
	CONSTRAINT "newsletter_deliveries_status_check" CHECK ("newsletter_deliveries"."status" IN ('queued', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_issues" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "newsletter_issues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"topic" varchar(16) NOT NULL,
	"source_key" varchar(120) NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"subject" varchar(150) NOT NULL,
	"preheader" varchar(200) NOT NULL,
	"title" varchar(200) NOT NULL,
	"excerpt" varchar(1000) NOT NULL,
	"link_path" varchar(300) NOT NULL,
	"cover_path" varchar(300),
	"cover_alt" varchar(300),
	"scheduled_at" timestamp with time zone,
	"number" integer,
	"queued_at" timestamp with time zone,
	"recipient_count" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"edited_by" varchar(254),
	CONSTRAINT "newsletter_issues_number_unique" UNIQUE("number"),
	CONSTRAINT "newsletter_issues_topic_check" CHECK ("newsletter_issues"."topic" IN ('resource', 'post')),
	CONSTRAINT "newsletter_issues_status_check" CHECK ("newsletter_issues"."status" IN ('draft', 'scheduled', 'sending')),
	CONSTRAINT "newsletter_issues_link_path_check" CHECK ("newsletter_issues"."link_path" LIKE '/%')
);
--> statement-breakpoint
CREATE TABLE "newsletter_sources" (
	"topic" varchar(16) NOT NULL,
	"source_key" varchar(120) NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_sources_topic_source_key_pk" PRIMARY KEY("topic","source_key")
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "due_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_issue_id_newsletter_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."newsletter_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_subscriber_idx" ON "newsletter_deliveries" USING btree ("subscriber_id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_issues_source_key" ON "newsletter_issues" USING btree ("topic","source_key");--> statement-breakpoint
CREATE INDEX "outbox_claim_idx" ON "outbox" USING btree ("priority","run_after","id") WHERE "outbox"."status" = 'pending';--> statement-breakpoint
-- Jobs from before this column: first due at their run_after if never tried, else when they were written.
UPDATE "outbox" SET "due_at" = CASE WHEN "attempts" = 0 THEN "run_after" ELSE "created_at" END;
