-- The four lead tables of product-decisions.md and the rate-limit store. Every rule the forms enforce is
-- enforced here too, so a bug in the application can never store a row the business cannot use.
-- Statements are separated by drizzle-kit's statement-breakpoint marker; the runner applies them
-- one by one inside one transaction.

CREATE TABLE contact_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name varchar(100) NOT NULL CHECK (btrim(name) <> ''),
  email varchar(254) NOT NULL CHECK (email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  company_name varchar(200) CHECK (company_name IS NULL OR btrim(company_name) <> ''),
  message varchar(5000) NOT NULL CHECK (btrim(message) <> ''),
  request_type varchar(20) NOT NULL DEFAULT 'contact' CHECK (request_type IN ('contact')),
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE feature_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name varchar(100) NOT NULL CHECK (btrim(name) <> ''),
  email varchar(254) NOT NULL CHECK (email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  company varchar(200) CHECK (company IS NULL OR btrim(company) <> ''),
  feature_title varchar(200) NOT NULL CHECK (btrim(feature_title) <> ''),
  description varchar(5000) NOT NULL CHECK (btrim(description) <> ''),
  use_case varchar(5000) CHECK (use_case IS NULL OR btrim(use_case) <> ''),
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE newsletter_subscribers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email varchar(254) NOT NULL CHECK (email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  source varchar(200) NOT NULL CHECK (source LIKE '/%'),
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX newsletter_subscribers_email_key ON newsletter_subscribers (lower(email));
--> statement-breakpoint
CREATE TABLE resource_leads (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name varchar(100) NOT NULL CHECK (char_length(btrim(name)) >= 2),
  email varchar(254) NOT NULL CHECK (email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  resource_id varchar(100) NOT NULL CHECK (resource_id ~ '^[a-z0-9-]+$'),
  resource_title varchar(200) NOT NULL CHECK (btrim(resource_title) <> ''),
  downloaded_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX resource_leads_resource_id_idx ON resource_leads (resource_id);
--> statement-breakpoint
-- Fixed-window counters keyed by a salted hash of the client address (never the address itself).
CREATE TABLE rate_limit_hits (
  bucket varchar(40) NOT NULL,
  address_hash char(64) NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL DEFAULT 1 CHECK (hits > 0),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (bucket, address_hash, window_start)
);
--> statement-breakpoint
CREATE INDEX rate_limit_hits_expires_at_idx ON rate_limit_hits (expires_at);
--> statement-breakpoint
-- One random salt per UTC day, shared by every server instance; deleted after a day so old hashes cannot be
-- recomputed from an address.
CREATE TABLE rate_limit_salts (
  day date PRIMARY KEY,
  salt char(64) NOT NULL
);
