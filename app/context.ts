import { createContext, RouterContextProvider } from "react-router";
import type { Database } from "~/lib/db/client.server";
import type { LeadNotices } from "~/lib/mail/lead-notices.server";
import type { NewsletterLinks } from "~/lib/newsletter.server";
import type { RateLimiter } from "~/lib/rate-limit.server";

// What the server hands every loader and action (server/app.ts sets these once per request; tests set their own).
// Only types come from the *.server modules, so this file is safe to import anywhere.

export interface DatabaseService {
  db: Database;
  /** Resolves once the migrations are applied; rejects while the database cannot be reached. */
  ready: () => Promise<void>;
}

export interface NewsletterService {
  links: NewsletterLinks;
  /** A keyed hash of the address a sign-up came from: evidence of consent that does not keep the address. */
  addressDigest: (address: string) => string;
}

export const databaseContext = createContext<DatabaseService>();
export const rateLimiterContext = createContext<RateLimiter>();
/** Turns a stored lead into its outbox jobs (emails, webhook), in the lead's own transaction. */
export const noticesContext = createContext<LeadNotices>();
export const newsletterContext = createContext<NewsletterService>();

/** The visitor's address as the server sees it (honours TRUST_PROXY); only ever stored hashed. */
export const clientAddressContext = createContext<string>("unknown");

/** The services every request sees; the server's long-lived set (server/services.ts) and the tests' both provide them. */
export interface RequestServices {
  database: DatabaseService;
  rateLimiter: RateLimiter;
  notices: LeadNotices;
  newsletter: NewsletterService;
}

/** The context of one request: the services, and who is asking. */
export function requestContext(services: RequestServices, clientAddress: string): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(databaseContext, services.database);
  context.set(rateLimiterContext, services.rateLimiter);
  context.set(noticesContext, services.notices);
  context.set(newsletterContext, services.newsletter);
  context.set(clientAddressContext, clientAddress);
  return context;
}
