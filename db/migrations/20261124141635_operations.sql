CREATE TABLE "alert_states" (
	"condition" varchar(40) PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"since" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"notified_value" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spam_posts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spam_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"form" varchar(40) NOT NULL,
	"reasons" jsonb NOT NULL,
	"fields" jsonb NOT NULL,
	"email" varchar(254),
	"visit" jsonb NOT NULL,
	"consent_address_hash" char(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "spam_posts_created_at_idx" ON "spam_posts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "spam_posts_email_idx" ON "spam_posts" USING btree (lower("email"));