CREATE TABLE "booking_references" (
	"token_hash" char(64) PRIMARY KEY NOT NULL,
	"landing_page" varchar(200),
	"referrer" varchar(253),
	"utm_source" varchar(100),
	"utm_medium" varchar(100),
	"utm_campaign" varchar(100),
	"utm_term" varchar(100),
	"utm_content" varchar(100),
	"visitor_id" bigint,
	"day" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_booking_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "demo_booking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lead_id" bigint,
	"provider" varchar(16) NOT NULL,
	"booking_id" varchar(300) NOT NULL,
	"trigger" varchar(40) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"meeting_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_bookings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "demo_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lead_id" bigint NOT NULL,
	"provider" varchar(16) NOT NULL,
	"booking_id" varchar(300) NOT NULL,
	"replaces" varchar(300),
	"status" varchar(16) DEFAULT 'booked' NOT NULL,
	"no_show" boolean DEFAULT false NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"meeting_at" timestamp with time zone,
	"meeting_ends_at" timestamp with time zone,
	"host" varchar(200),
	"event_name" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_bookings_status_check" CHECK ("demo_bookings"."status" IN ('booked', 'cancelled', 'rescheduled'))
);
--> statement-breakpoint
CREATE TABLE "demo_leads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "demo_leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(100),
	"email" varchar(254) NOT NULL,
	"company" varchar(200),
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"meeting_at" timestamp with time zone,
	"meeting_ends_at" timestamp with time zone,
	"host" varchar(200),
	"event_name" varchar(200),
	"meeting_status" varchar(16),
	"stage_before" varchar(16),
	"landing_page" varchar(200),
	"referrer" varchar(253),
	"utm_source" varchar(100),
	"utm_medium" varchar(100),
	"utm_campaign" varchar(100),
	"utm_term" varchar(100),
	"utm_content" varchar(100),
	"handled_at" timestamp with time zone,
	"handled_by" varchar(254),
	"note" varchar(2000),
	"stage" varchar(16) DEFAULT 'new' NOT NULL,
	"stage_at" timestamp with time zone,
	"stage_by" varchar(254),
	"visitor_id" bigint,
	CONSTRAINT "demo_leads_email_check" CHECK ("demo_leads"."email" ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
	CONSTRAINT "demo_leads_company_check" CHECK ("demo_leads"."company" IS NULL OR btrim("demo_leads"."company") <> ''),
	CONSTRAINT "demo_leads_stage_check" CHECK ("demo_leads"."stage" IN ('new', 'contacted', 'qualified', 'meeting-booked', 'won', 'lost', 'spam'))
);
--> statement-breakpoint
ALTER TABLE "demo_booking_events" ADD CONSTRAINT "demo_booking_events_lead_id_demo_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."demo_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_bookings" ADD CONSTRAINT "demo_bookings_lead_id_demo_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."demo_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_references_expires_at_idx" ON "booking_references" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "demo_booking_events_delivery_key" ON "demo_booking_events" USING btree ("provider","booking_id","trigger");--> statement-breakpoint
CREATE INDEX "demo_booking_events_lead_idx" ON "demo_booking_events" USING btree ("lead_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "demo_bookings_booking_key" ON "demo_bookings" USING btree ("provider","booking_id");--> statement-breakpoint
CREATE INDEX "demo_bookings_lead_idx" ON "demo_bookings" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "demo_leads_email_key" ON "demo_leads" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "demo_leads_time_idx" ON "demo_leads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "demo_leads_new_idx" ON "demo_leads" USING btree ("created_at","id") WHERE "demo_leads"."handled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "demo_leads_search_idx" ON "demo_leads" USING gin ((coalesce("name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("company", '') || ' ' || coalesce("event_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "demo_leads_attribution_idx" ON "demo_leads" USING gin ((coalesce("landing_page", '') || ' ' || coalesce("referrer", '') || ' ' || coalesce("utm_source", '') || ' ' || coalesce("utm_medium", '') || ' ' || coalesce("utm_campaign", '') || ' ' || coalesce("utm_term", '') || ' ' || coalesce("utm_content", '')) gin_trgm_ops);