CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" varchar(254) NOT NULL,
	"action" varchar(40) NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"id" char(64) PRIMARY KEY NOT NULL,
	"operator_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operators_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"email" varchar(254) NOT NULL,
	"password_hash" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	CONSTRAINT "operators_email_check" CHECK ("operators"."email" ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$')
);
--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "landing_page" varchar(200);--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "referrer" varchar(253);--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "utm_source" varchar(100);--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "utm_medium" varchar(100);--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "utm_campaign" varchar(100);--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "utm_term" varchar(100);--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "utm_content" varchar(100);--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "handled_by" varchar(254);--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "note" varchar(2000);--> statement-breakpoint
ALTER TABLE "feature_requests" ADD COLUMN "landing_page" varchar(200);--> statement-breakpoint
ALTER TABLE "feature_requests" ADD COLUMN "referrer" varchar(253);--> statement-breakpoint
ALTER TABLE "feature_requests" ADD COLUMN "utm_source" varchar(100);--> statement-breakpoint
ALTER TABLE "feature_requests" ADD COLUMN "utm_medium" varchar(100);--> statement-breakpoint
ALTER TABLE "feature_requests" ADD COLUMN "utm_campaign" varchar(100);--> statement-breakpoint
ALTER TABLE "feature_requests" ADD COLUMN "utm_term" varchar(100);--> statement-breakpoint
ALTER TABLE "feature_requests" ADD COLUMN "utm_content" varchar(100);--> statement-breakpoint
ALTER TABLE "feature_requests" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feature_requests" ADD COLUMN "handled_by" varchar(254);--> statement-breakpoint
ALTER TABLE "feature_requests" ADD COLUMN "note" varchar(2000);--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "landing_page" varchar(200);--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "referrer" varchar(253);--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "utm_source" varchar(100);--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "utm_medium" varchar(100);--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "utm_campaign" varchar(100);--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "utm_term" varchar(100);--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "utm_content" varchar(100);--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "handled_by" varchar(254);--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "note" varchar(2000);--> statement-breakpoint
ALTER TABLE "resource_leads" ADD COLUMN "landing_page" varchar(200);--> statement-breakpoint
ALTER TABLE "resource_leads" ADD COLUMN "referrer" varchar(253);--> statement-breakpoint
ALTER TABLE "resource_leads" ADD COLUMN "utm_source" varchar(100);--> statement-breakpoint
ALTER TABLE "resource_leads" ADD COLUMN "utm_medium" varchar(100);--> statement-breakpoint
ALTER TABLE "resource_leads" ADD COLUMN "utm_campaign" varchar(100);--> statement-breakpoint
ALTER TABLE "resource_leads" ADD COLUMN "utm_term" varchar(100);--> statement-breakpoint
ALTER TABLE "resource_leads" ADD COLUMN "utm_content" varchar(100);--> statement-breakpoint
ALTER TABLE "resource_leads" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "resource_leads" ADD COLUMN "handled_by" varchar(254);--> statement-breakpoint
ALTER TABLE "resource_leads" ADD COLUMN "note" varchar(2000);--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_id_idx" ON "operator_sessions" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "operator_sessions_expires_at_idx" ON "operator_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_email_key" ON "operators" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "contact_requests_time_idx" ON "contact_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_requests_new_idx" ON "contact_requests" USING btree ("created_at","id") WHERE "contact_requests"."handled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "contact_requests_search_idx" ON "contact_requests" USING gin ((coalesce("name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("company_name", '') || ' ' || coalesce("message", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_requests_attribution_idx" ON "contact_requests" USING gin ((coalesce("landing_page", '') || ' ' || coalesce("referrer", '') || ' ' || coalesce("utm_source", '') || ' ' || coalesce("utm_medium", '') || ' ' || coalesce("utm_campaign", '') || ' ' || coalesce("utm_term", '') || ' ' || coalesce("utm_content", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_requests_email_idx" ON "contact_requests" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "feature_requests_time_idx" ON "feature_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "feature_requests_new_idx" ON "feature_requests" USING btree ("created_at","id") WHERE "feature_requests"."handled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "feature_requests_search_idx" ON "feature_requests" USING gin ((coalesce("name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("company", '') || ' ' || coalesce("feature_title", '') || ' ' || coalesce("description", '') || ' ' || coalesce("use_case", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "feature_requests_attribution_idx" ON "feature_requests" USING gin ((coalesce("landing_page", '') || ' ' || coalesce("referrer", '') || ' ' || coalesce("utm_source", '') || ' ' || coalesce("utm_medium", '') || ' ' || coalesce("utm_campaign", '') || ' ' || coalesce("utm_term", '') || ' ' || coalesce("utm_content", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "feature_requests_email_idx" ON "feature_requests" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_time_idx" ON "newsletter_subscribers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_new_idx" ON "newsletter_subscribers" USING btree ("created_at","id") WHERE "newsletter_subscribers"."handled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_search_idx" ON "newsletter_subscribers" USING gin ((coalesce("email", '') || ' ' || coalesce("source", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_attribution_idx" ON "newsletter_subscribers" USING gin ((coalesce("landing_page", '') || ' ' || coalesce("referrer", '') || ' ' || coalesce("utm_source", '') || ' ' || coalesce("utm_medium", '') || ' ' || coalesce("utm_campaign", '') || ' ' || coalesce("utm_term", '') || ' ' || coalesce("utm_content", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "resource_leads_time_idx" ON "resource_leads" USING btree ("downloaded_at","id");--> statement-breakpoint
CREATE INDEX "resource_leads_new_idx" ON "resource_leads" USING btree ("downloaded_at","id") WHERE "resource_leads"."handled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "resource_leads_search_idx" ON "resource_leads" USING gin ((coalesce("name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("resource_title", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "resource_leads_attribution_idx" ON "resource_leads" USING gin ((coalesce("landing_page", '') || ' ' || coalesce("referrer", '') || ' ' || coalesce("utm_source", '') || ' ' || coalesce("utm_medium", '') || ' ' || coalesce("utm_campaign", '') || ' ' || coalesce("utm_term", '') || ' ' || coalesce("utm_content", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "resource_leads_email_idx" ON "resource_leads" USING btree (lower("email"));