CREATE TABLE "campaign_page_revisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_page_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"page_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"kind" varchar(12) NOT NULL,
	"actor" varchar(254) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_pages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"path" varchar(120) NOT NULL,
	"published" jsonb,
	"draft" jsonb,
	"scheduled" jsonb,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"publish_error" varchar(500),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_by" varchar(254) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "experiments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"page_id" bigint NOT NULL,
	"block_id" varchar(40) NOT NULL,
	"name" varchar(120) NOT NULL,
	"goal" varchar(20) DEFAULT 'demos' NOT NULL,
	"variants" jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_by" varchar(254) NOT NULL,
	"stopped_at" timestamp with time zone,
	"stopped_by" varchar(254),
	"promoted" varchar(8)
);
--> statement-breakpoint
ALTER TABLE "campaign_page_revisions" ADD CONSTRAINT "campaign_page_revisions_page_id_campaign_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."campaign_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_page_id_campaign_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."campaign_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_page_revisions_page_idx" ON "campaign_page_revisions" USING btree ("page_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_pages_path_key" ON "campaign_pages" USING btree (lower("path"));--> statement-breakpoint
CREATE UNIQUE INDEX "experiments_running_block_key" ON "experiments" USING btree ("page_id","block_id") WHERE "experiments"."stopped_at" IS NULL;--> statement-breakpoint
CREATE INDEX "experiments_page_idx" ON "experiments" USING btree ("page_id","id");