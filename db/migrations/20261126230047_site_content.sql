CREATE TABLE "site_content" (
	"collection" varchar(40) PRIMARY KEY NOT NULL,
	"published" jsonb NOT NULL,
	"draft" jsonb,
	"scheduled" jsonb,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"publish_error" varchar(500),
	"version" integer DEFAULT 1 NOT NULL,
	"edited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_by" varchar(254) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_content_revisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_content_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"collection" varchar(40) NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"kind" varchar(12) NOT NULL,
	"actor" varchar(254) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_content_revisions" ADD CONSTRAINT "site_content_revisions_collection_site_content_collection_fk" FOREIGN KEY ("collection") REFERENCES "public"."site_content"("collection") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_content_revisions_collection_idx" ON "site_content_revisions" USING btree ("collection","id");