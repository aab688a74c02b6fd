import { createContext, RouterContextProvider } from "react-router";
import type { Sender } from "~/emails/layout";
import type { Analytics } from "~/features/analytics/index.server";
import type { BlogPublishHooks, BlogStore } from "~/features/blog/index.server";
import type { CampaignPagesStore } from "~/features/campaign-pages/index.server";
import type { LeadNotices } from "~/features/leads/index.server";
import type { NewsletterAudiences, NewsletterLinks, NewsletterNotices } from "~/features/newsletter/index.server";
import type { LivePaths, RedirectTable } from "~/features/redirects/index.server";
import type { RoadmapVoteLinks, RoadmapVoteNotices } from "~/features/roadmap-votes/index.server";
import type { PublishHooks, SiteContentStore } from "~/features/site-content/index.server";
import type { OperatorAuth } from "~/lib/console/auth.server";
import type { SignedInOperator } from "~/lib/console/session.server";
import { pageAway } from "~/lib/database-away";
import type { DatabaseService } from "~/lib/db/client.server";
import type { JobWordsTable } from "~/lib/jobs/job-words";
import { MIN_FILL_MS, type FormLimit } from "~/lib/forms/limits";
import type { RateLimiter } from "~/lib/rate-limit.server";

// What the server hands every loader and action (server/app.ts sets these once per request; tests set their own).
// Only types come from the *.server modules, so this file is safe to import anywhere. Nothing under app/lib/ or
// app/features/ imports it (decision 039): loaders and actions read the context and hand each the services it uses.

export type { DatabaseService };

export interface NewsletterService {
  links: NewsletterLinks;
  /** The sign-up's confirmation and welcome, as outbox jobs in the sign-up's transaction. */
  notices: NewsletterNotices;
  /** The audiences other features registered for their topics (the roadmap's shipped notices), server/services.ts. */
  audiences: NewsletterAudiences;
  /** The vote's confirmation: the roadmap votes share the newsletter's double opt-in. */
  voteNotices: RoadmapVoteNotices;
  /** The roadmap votes' confirmation links: the newsletter's double opt-in, one vote each (decision 036). */
  voteLinks: RoadmapVoteLinks;
  /** A keyed hash of the address a sign-up came from: evidence of consent that does not keep the address. */
  addressDigest: (address: string) => string;
  /** NEWSLETTER_RATE_PER_MINUTE: copies an issue goes out at (0: as fast as the outbox goes). */
  ratePerMinute: number;
  /** SITE_URL: where the links in an issue lead. */
  siteUrl: string;
  /** The brand and the company's address every issue's footer shows (the preview renders it as sent), as published. */
  sender: () => Promise<Sender>;
}

export const databaseContext = createContext<DatabaseService>();
export const rateLimiterContext = createContext<RateLimiter>();
/** Turns a stored lead into its outbox jobs (emails, webhook), in the lead's own transaction. */
export const noticesContext = createContext<LeadNotices>();
export const newsletterContext = createContext<NewsletterService>();

/** The site's origin as the server runs it (SITE_URL): posts from elsewhere are foreign, visits from it no referral. */
export const siteOriginContext = createContext<string>();

/** The visitor's address as the server sees it (honours TRUST_PROXY); only ever stored hashed. */
export const clientAddressContext = createContext<string>("unknown");

/** The rate limiter's answer about this form post, when the server's form guard already asked it (once per post). */
export const formLimitContext = createContext<FormLimit | null>(null);

/** The operator area's sessions and sign-in limits (app/lib/console/); null where no server set them (the size check). */
export const operatorAuthContext = createContext<OperatorAuth | null>(null);

/** The folder of .eml files the mailer writes when there is no SMTP_URL; null when mail goes to a server. */
export const mailFileDirContext = createContext<string | null>(null);

/** A lead form posted sooner than this after its page opened is held as spam (FORM_MIN_FILL_SECONDS; 0 turns it off). */
export const minFillMsContext = createContext<number>(MIN_FILL_MS);

/** The operator signed in for this request, set by the console's guard (app/lib/console/guard.server.ts) before any loader. */
export const operatorContext = createContext<SignedInOperator>();

/** How the console words each outbox job (decision 045), as the features declared them (server/services.ts). */
export const jobWordsContext = createContext<JobWordsTable>({});

/** The server-side counting (docs/decisions/021); null where no server set it (the build checks, some tests). */
export const analyticsContext = createContext<Analytics | null>(null);

/** The published blog, read from the database and kept until a change (docs/decisions/023). */
export const blogContext = createContext<BlogStore>();

/** Whether the console's frame names the company's placeholder details (a production start, docs/decisions/043). */
export const companyWarningsContext = createContext<boolean>(false);

/** The structured content edited in the browser (statistics, FAQ...), kept until a change (docs/decisions/035). */
export const siteContentContext = createContext<SiteContentStore>();

/** The live campaign pages and their experiments, kept until a change (docs/decisions/047). */
export const campaignPagesContext = createContext<CampaignPagesStore>();

/** This instance's redirect table: a save reloads it before answering, so the saver applies it at once (decision 034). */
export const redirectTableContext = createContext<Pick<RedirectTable, "reload"> | null>(null);

/** What the site answers (the build's routes, the server's own addresses): a redirect may take none of it (decision 034). */
export const livePathsContext = createContext<LivePaths | null>(null);

/**
 * What a publication does besides going live, as the features registered it (server/services.ts: contentPublishHooks,
 * blogPublishHooks): the editors' publish actions hand these to the publish functions (decision 039).
 */
export interface PublishHookTables {
  content: PublishHooks;
  blog: BlogPublishHooks;
}
export const publishHooksContext = createContext<PublishHookTables>({ content: {}, blog: {} });

/** The services every request sees; the server's long-lived set (server/services.ts) and the tests' both provide them. */
export interface RequestServices {
  database: DatabaseService;
  blog: BlogStore;
  siteContent: SiteContentStore;
  campaignPages: CampaignPagesStore;
  /** SITE_URL's origin, read at run time. */
  siteOrigin: string;
  rateLimiter: RateLimiter;
  notices: LeadNotices;
  newsletter: NewsletterService;
  publishHooks: PublishHookTables;
  operatorAuth: OperatorAuth;
  analytics?: Analytics;
  redirects?: Pick<RedirectTable, "reload">;
  /** Set by the server that serves a build (server/services.ts); without it no redirect can be saved. */
  livePaths?: LivePaths;
  /** Where the mailer writes .eml files (DATA_DIR/mail), or null with SMTP_URL: data-subject requests look there too. */
  mailFileDir: string | null;
  /** The time trap's minimum fill time, when the environment sets one (FORM_MIN_FILL_SECONDS). */
  minFillMs?: number;
  /** The console's words for every outbox job the features declared; without it a job reads as its kind. */
  jobWords?: JobWordsTable;
  /** Whether the console names the company's details that are still placeholders: a production start (decision 043). */
  companyWarnings?: boolean;
}

/** The context of one request: the services, who is asking, and what the form guard already decided about it. */

/**
 * The blog as published now (loaders of the public blog pages). While the database is away it throws a 503 (`away`: a
 * page's, or a file's with `fileAway`), which the server answers with the page's last good rendering where it kept one
 * (server/page-cache.ts, docs/decisions/027).
 */
export async function blogOf(context: Readonly<RouterContextProvider>, away: () => never = pageAway) {
  try {
    return await context.get(blogContext).current();
  } catch {
    return away();
  }
}

export function requestContext(services: RequestServices, clientAddress: string, formLimit?: FormLimit): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(databaseContext, services.database);
  context.set(blogContext, services.blog);
  context.set(siteContentContext, services.siteContent);
  context.set(campaignPagesContext, services.campaignPages);
  context.set(siteOriginContext, services.siteOrigin);
  context.set(rateLimiterContext, services.rateLimiter);
  context.set(noticesContext, services.notices);
  context.set(newsletterContext, services.newsletter);
  context.set(publishHooksContext, services.publishHooks);
  context.set(operatorAuthContext, services.operatorAuth);
  context.set(mailFileDirContext, services.mailFileDir);
  if (services.minFillMs !== undefined) context.set(minFillMsContext, services.minFillMs);
  if (services.companyWarnings) context.set(companyWarningsContext, true);
  context.set(clientAddressContext, clientAddress);
  if (services.analytics) context.set(analyticsContext, services.analytics);
  if (services.redirects) context.set(redirectTableContext, services.redirects);
  if (services.livePaths) context.set(livePathsContext, services.livePaths);
  if (services.jobWords) context.set(jobWordsContext, services.jobWords);
  if (formLimit) context.set(formLimitContext, formLimit);
  return context;
}
