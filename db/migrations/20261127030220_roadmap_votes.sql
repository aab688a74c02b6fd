CREATE TABLE "roadmap_item_merges" (
	"from_item_id" varchar(120) PRIMARY KEY NOT NULL,
	"into_item_id" varchar(120) NOT NULL,
	"merged_by" varchar(254) NOT NULL,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roadmap_votes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "roadmap_votes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" varchar(120) NOT NULL,
	"email" varchar(254) NOT NULL,
	"name" varchar(100),
	"note" varchar(1000),
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"consent_text" varchar(500) NOT NULL,
	"consent_address_hash" char(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmation_sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "roadmap_votes_email_check" CHECK ("roadmap_votes"."email" ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
	CONSTRAINT "roadmap_votes_status_check" CHECK ("roadmap_votes"."status" IN ('pending', 'confirmed'))
);
--> statement-breakpoint
ALTER TABLE "feature_requests" ADD COLUMN "roadmap_item_id" varchar(120);--> statement-breakpoint
CREATE UNIQUE INDEX "roadmap_votes_item_email_key" ON "roadmap_votes" USING btree ("item_id",lower("email"));--> statement-breakpoint
CREATE INDEX "roadmap_votes_status_created_at_idx" ON "roadmap_votes" USING btree ("status","created_at");