CREATE TABLE "missing_paths" (
	"path" varchar(500) NOT NULL,
	"day" date NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "missing_paths_path_day_pk" PRIMARY KEY("path","day")
);
--> statement-breakpoint
CREATE TABLE "redirects" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "redirects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source" varchar(500) NOT NULL,
	"target" varchar(2000),
	"status" smallint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"hits" bigint DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(254) NOT NULL,
	CONSTRAINT "redirects_status_check" CHECK ("redirects"."status" IN (301, 302, 410)),
	CONSTRAINT "redirects_target_check" CHECK (("redirects"."status" = 410) = ("redirects"."target" IS NULL)),
	CONSTRAINT "redirects_source_check" CHECK ("redirects"."source" LIKE '/%')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "redirects_source_key" ON "redirects" USING btree ("source");