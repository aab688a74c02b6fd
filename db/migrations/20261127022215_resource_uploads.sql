CREATE TABLE "resource_uploads" (
	"file" varchar(120) PRIMARY KEY NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"bytes" integer NOT NULL,
	"body" "bytea" NOT NULL,
	"uploaded_by" varchar(254) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
