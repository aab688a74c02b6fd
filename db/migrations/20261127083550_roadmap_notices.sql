CREATE TABLE "roadmap_notice_deliveries" (
	"issue_id" bigint NOT NULL,
	"email" varchar(254) NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "roadmap_notice_deliveries_status_check" CHECK ("roadmap_notice_deliveries"."status" IN ('queued', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "roadmap_withdrawals" (
	"item_id" varchar(120) NOT NULL,
	"email" varchar(254) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_issues" DROP CONSTRAINT "newsletter_issues_topic_check";--> statement-breakpoint
ALTER TABLE "roadmap_notice_deliveries" ADD CONSTRAINT "roadmap_notice_deliveries_issue_id_newsletter_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."newsletter_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roadmap_notice_deliveries_issue_email_key" ON "roadmap_notice_deliveries" USING btree ("issue_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "roadmap_withdrawals_item_email_key" ON "roadmap_withdrawals" USING btree ("item_id",lower("email"));--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD CONSTRAINT "newsletter_issues_topic_check" CHECK ("newsletter_issues"."topic" IN ('resource', 'post', 'shipped'));