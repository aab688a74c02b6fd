CREATE TABLE "blog_files" (
	"path" varchar(200) PRIMARY KEY NOT NULL,
	"content_type" varchar(40) NOT NULL,
	"body" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_imports" (
	"name" varchar(80) PRIMARY KEY NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_post_revisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blog_post_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"post_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"actor" varchar(254) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blog_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"slug" varchar(120) NOT NULL,
	"title" varchar(160) NOT NULL,
	"excerpt" varchar(320) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"author" varchar(80) DEFAULT '' NOT NULL,
	"category" varchar(40) DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cover" varchar(80),
	"cover_alt" varchar(200) DEFAULT '' NOT NULL,
	"cover_placeholder" text,
	"status" varchar(12) DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"updated_at" timestamp with time zone,
	"publish_error" varchar(500),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_by" varchar(254) NOT NULL,
	CONSTRAINT "blog_posts_status_check" CHECK ("blog_posts"."status" IN ('draft', 'scheduled', 'published', 'unpublished')),
	CONSTRAINT "blog_posts_slug_check" CHECK ("blog_posts"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "blog_posts_scheduled_check" CHECK ("blog_posts"."status" <> 'scheduled' OR "blog_posts"."publish_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "blog_preview_links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blog_preview_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_hash" char(64) NOT NULL,
	"post_id" bigint NOT NULL,
	"created_by" varchar(254) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "blog_slug_redirects" (
	"slug" varchar(120) PRIMARY KEY NOT NULL,
	"post_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_post_revisions" ADD CONSTRAINT "blog_post_revisions_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_preview_links" ADD CONSTRAINT "blog_preview_links_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_slug_redirects" ADD CONSTRAINT "blog_slug_redirects_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_post_revisions_post_idx" ON "blog_post_revisions" USING btree ("post_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_slug_key" ON "blog_posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "blog_posts_status_idx" ON "blog_posts" USING btree ("status","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "blog_preview_links_token_key" ON "blog_preview_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "blog_preview_links_post_idx" ON "blog_preview_links" USING btree ("post_id");