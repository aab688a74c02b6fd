ALTER TABLE "blog_posts" ADD COLUMN "seo_title" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "seo_description" varchar(160) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "social_image" varchar(80);--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_featured_key" ON "blog_posts" USING btree ("featured") WHERE "blog_posts"."featured";