CREATE TABLE "content_images" (
	"file" varchar(80) PRIMARY KEY NOT NULL,
	"content_type" varchar(40) NOT NULL,
	"body" "bytea" NOT NULL,
	"uploaded_by" varchar(254) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
