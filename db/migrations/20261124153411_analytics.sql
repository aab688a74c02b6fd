CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"dimension" varchar(16) NOT NULL,
	"value" varchar(253) NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "analytics_daily_pkey" PRIMARY KEY("day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_goals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_goals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"visitor" bigint NOT NULL,
	"goal" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_goals_daily" (
	"day" date NOT NULL,
	"goal" varchar(40) NOT NULL,
	"dimension" varchar(16) NOT NULL,
	"value" varchar(253) NOT NULL,
	"conversions" integer NOT NULL,
	"events" integer NOT NULL,
	CONSTRAINT "analytics_goals_daily_pkey" PRIMARY KEY("day","goal","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_page_views" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_page_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"visitor" bigint NOT NULL,
	"path" varchar(200) NOT NULL,
	"referrer" varchar(253),
	"utm_source" varchar(100),
	"utm_medium" varchar(100),
	"utm_campaign" varchar(100),
	"utm_term" varchar(100),
	"utm_content" varchar(100),
	"click_id" varchar(16),
	"device" varchar(8) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_rolled_days" (
	"day" date PRIMARY KEY NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" char(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_staff" (
	"day" date NOT NULL,
	"visitor" bigint NOT NULL,
	CONSTRAINT "analytics_staff_pkey" PRIMARY KEY("day","visitor")
);
--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "stage" varchar(16) DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "stage_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "stage_by" varchar(254);--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "visitor_id" bigint;--> statement-breakpoint
ALTER TABLE "feature_requests" ADD COLUMN "stage" varchar(16) DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "feature_requests" ADD COLUMN "stage_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feature_requests" ADD COLUMN "stage_by" varchar(254);--> statement-breakpoint
ALTER TABLE "feature_requests" ADD COLUMN "visitor_id" bigint;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "stage" varchar(16) DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "stage_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "stage_by" varchar(254);--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "visitor_id" bigint;--> statement-breakpoint
ALTER TABLE "resource_leads" ADD COLUMN "stage" varchar(16) DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "resource_leads" ADD COLUMN "stage_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "resource_leads" ADD COLUMN "stage_by" varchar(254);--> statement-breakpoint
ALTER TABLE "resource_leads" ADD COLUMN "visitor_id" bigint;--> statement-breakpoint
CREATE INDEX "analytics_goals_day_idx" ON "analytics_goals" USING btree ("day","visitor");--> statement-breakpoint
CREATE INDEX "analytics_page_views_day_idx" ON "analytics_page_views" USING btree ("day","visitor","at");--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_stage_check" CHECK ("contact_requests"."stage" IN ('new', 'contacted', 'qualified', 'meeting-booked', 'won', 'lost', 'spam'));--> statement-breakpoint
ALTER TABLE "feature_requests" ADD CONSTRAINT "feature_requests_stage_check" CHECK ("feature_requests"."stage" IN ('new', 'contacted', 'qualified', 'meeting-booked', 'won', 'lost', 'spam'));--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_stage_check" CHECK ("newsletter_subscribers"."stage" IN ('new', 'contacted', 'qualified', 'meeting-booked', 'won', 'lost', 'spam'));--> statement-breakpoint
ALTER TABLE "resource_leads" ADD CONSTRAINT "resource_leads_stage_check" CHECK ("resource_leads"."stage" IN ('new', 'contacted', 'qualified', 'meeting-booked', 'won', 'lost', 'spam'));--> statement-breakpoint
-- A lead already handled has been contacted (the stage "handled" maps onto).
UPDATE "contact_requests" SET "stage" = 'contacted', "stage_at" = "handled_at", "stage_by" = "handled_by" WHERE "handled_at" IS NOT NULL;
--> statement-breakpoint
-- A lead already handled has been contacted (the stage "handled" maps onto).
UPDATE "feature_requests" SET "stage" = 'contacted', "stage_at" = "handled_at", "stage_by" = "handled_by" WHERE "handled_at" IS NOT NULL;
--> statement-breakpoint
-- A lead already handled has been contacted (the stage "handled" maps onto).
UPDATE "newsletter_subscribers" SET "stage" = 'contacted', "stage_at" = "handled_at", "stage_by" = "handled_by" WHERE "handled_at" IS NOT NULL;
--> statement-breakpoint
-- A lead already handled has been contacted (the stage "handled" maps onto).
UPDATE "resource_leads" SET "stage" = 'contacted', "stage_at" = "handled_at", "stage_by" = "handled_by" WHERE "handled_at" IS NOT NULL;
