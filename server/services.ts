import path from "node:path";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import type { DatabaseService, NewsletterService, RequestServices } from "../app/context";
import type { Sender } from "../app/emails/layout";
import { createAnalytics, pageViews, type Analytics, type AnalyticsOptions } from "../app/features/analytics/index.server";
import {
  BLOG_PUBLISH_JOB,
  combineBlogPublishHooks,
  createBlogStore,
  listenForChanges,
  postPages,
  publishScheduledPost,
  purgeUnusedFiles,
  recordPublishError,
  seedInitialPosts,
  type BlogPublishHooks,
} from "../app/features/blog/index.server";
import { createBookingLinks } from "../app/features/bookings/index.server";
import {
  CAMPAIGN_PAGE_PUBLISH_JOB,
  campaignPageAddresses,
  createCampaignPagesStore,
  publishedBlockContent,
  publishScheduledPage,
} from "../app/features/campaign-pages/index.server";
import {
  createLeadNotices,
  FOLLOW_UP_JOB,
  leadJobWords,
  leadPurges,
  remindOfFollowUp,
  type LeadNotices,
} from "../app/features/leads/index.server";
import {
  createNewsletterNotices,
  draftNewResources,
  issuePages,
  newsletterBlogHooks,
  newsletterContentHooks,
  newsletterLinks,
  purgeUnconfirmed,
  SEND_COPY_JOB,
  sendAudienceCopy,
  sendCopy,
  START_ISSUE_JOB,
  startScheduledIssue,
  type NewsletterAudiences,
} from "../app/features/newsletter/index.server";
import {
  createLivePaths,
  createRedirectTable,
  purgeMissingPaths,
  type LivePaths,
  type RedirectTable,
  type SiteAddresses,
} from "../app/features/redirects/index.server";
import {
  createRoadmapVoteNotices,
  purgeUnconfirmedVotes,
  roadmapContentHooks,
  roadmapVoteLinks,
  shippedNoticeAudience,
} from "../app/features/roadmap-votes/index.server";
import {
  CONTENT_PUBLISH_JOB,
  combinePublishHooks,
  createSiteContentStore,
  currentCompany,
  listenForContentChanges,
  publishScheduledContent,
  seedSiteContent,
  type PublishHooks,
  type SiteContentStore,
} from "../app/features/site-content/index.server";
import { createOperatorAuth } from "../app/lib/console/auth.server";
import { openDatabase, type DatabaseHandle } from "../app/lib/db/client.server";
import { migrate } from "../app/lib/db/migrate.server";
import { publicConfig, type Env } from "../app/lib/env.server";
import type { RetentionPeriods } from "../app/lib/retention/retention";
import { purgeExpired, scheduleRetention, sharedPurges, type Purges } from "../app/lib/retention/retention.server";
import { createDelivery } from "../app/lib/jobs/deliver.server";
import { describeError, startOutboxWorker, type OutboxWorker } from "../app/lib/jobs/outbox.server";
import { createMailer, type Mailer } from "../app/lib/mail/mailer.server";
import { mailJobWords } from "../app/lib/mail/templates";
import { checkAlerts, createAlertSender } from "../app/lib/ops/alerts.server";
import { createRateLimiter } from "../app/lib/rate-limit.server";
import { createSigner, derivedKey, loadRootKey } from "../app/lib/secrets.server";
import { site } from "../app/content/site";
import { resources } from "../app/content/resources";
import { emailEvents } from "./email-events";
import { siteAddressesOf } from "./site-addresses";
import { bookingWebhooks } from "./bookings";
import { MAIL_TEMPLATES } from "./mail-templates";

// The one place where the environment (parsed by app/lib/env.server.ts) becomes the services' options, and the root key
// is loaded (once per set of services) to derive each purpose's key. Also the composition root (decision 039): where what
// each feature registers is wired into the generic one it acts on (publish hooks, newsletter audiences, the pages a
// redirect may not take, the mails, the retention purges, the outbox's jobs), so no feature names the features above it.

/** What a publication of site content does besides changing the pages: every way of publishing is handed this table. */
export function contentPublishHooks(): PublishHooks {
  return combinePublishHooks(newsletterContentHooks, roadmapContentHooks);
}

/** What a post's publication does besides going live (the editor's publish and the scheduled job). */
export function blogPublishHooks(): BlogPublishHooks {
  return combineBlogPublishHooks(newsletterBlogHooks);
}

/**
 * What the site answers, for the redirects (decision 034): the build's routes and the server's addresses, and the pages
 * that exist only with their row, asked of the feature that owns them (a post, an archived issue).
 */
export function livePathsOf(site: SiteAddresses): LivePaths {
  return createLivePaths(site, [postPages, issuePages, campaignPageAddresses]);
}

/** Every retention purge, in the order they run and report: the features' own, and the shared layers'. */
export const retentionPurges: Purges = [
  ...Object.entries(leadPurges),
  ["newsletter_unconfirmed", (tx) => purgeUnconfirmed(tx)],
  ["roadmap_votes_unconfirmed", (tx) => purgeUnconfirmedVotes(tx)],
  ...Object.entries(sharedPurges),
  // Uploaded cover files no post or kept revision uses any more (not personal data: housekeeping).
  ["blog_files_unused", (tx) => purgeUnusedFiles(tx)],
  // Requested paths that answered 404, by day, without an address: kept 30 days as redirect candidates.
  ["missing_paths", (tx) => purgeMissingPaths(tx)],
];

const RETRY_AFTER_MS = 2000;

export interface ServiceOptions {
  /** A declared production start (NODE_ENV=production): the console names the company's placeholder details (decision 043). */
  companyWarnings?: boolean;
}

/** The long-lived parts of the server, opened once per process and handed to the routes through the router's context. */
export interface Services extends RequestServices {
  analytics: Analytics;
  /** The analytics' one Express middleware: the /go/ redirects and the counting of finished responses. */
  pageViews: RequestHandler;
  /** POST /webhooks/email-events: the mail provider's bounce and complaint notices (./email-events.ts). */
  emailEvents: RequestHandler[];
  /** The redirect manager's table as this instance applies it (docs/decisions/034). */
  redirects: RedirectTable;
  /** POST /webhooks/bookings/cal and /calendly: the booking services' deliveries (./bookings.ts). */
  bookings: RequestHandler;
  mailer: Mailer;
  outbox: OutboxWorker;
  /** Whether a form can be stored now (the readiness check): the migrations applied and the database answering. */
  reachable(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The brand and the company's name and address, as every email's footer shows them: the company's details as published
 * when the message is rendered (docs/decisions/043), so a mail queued after a change carries the new ones.
 */
export function senderOf(env: Env, siteContent: Pick<SiteContentStore, "current">): () => Promise<Sender> {
  return async () => {
    const company = await currentCompany(siteContent);
    return { product: site.name, siteUrl: env.SITE_URL, companyName: company.name, companyAddress: company.address };
  };
}

/** SECRET_KEY, or the key generated into DATA_DIR: every key the site signs or hashes with is derived from it. */
export function rootKeyOf(env: Env): Buffer {
  return loadRootKey({ secretKey: env.SECRET_KEY, dataDir: env.DATA_DIR });
}

/** Signed newsletter links, the consent evidence and the lead notices, from the environment and the site's key. */
export function mailServices(
  env: Env,
  rootKey: Buffer,
  siteContent: Pick<SiteContentStore, "current">,
  wake: () => void = () => {},
): { newsletter: NewsletterService; notices: LeadNotices } {
  const links = newsletterLinks(env.SITE_URL, createSigner(rootKey, "newsletter-confirm"), createSigner(rootKey, "newsletter-unsubscribe"));
  const consent = createSigner(rootKey, "consent-address");
  const roadmapVotes = roadmapVoteLinks(
    env.SITE_URL,
    createSigner(rootKey, "roadmap-vote-confirm"),
    createSigner(rootKey, "roadmap-withdraw"),
  );
  const team = env.NOTIFY_EMAIL ?? [env.CONTACT_EMAIL];
  const notices = createLeadNotices(
    {
      siteUrl: env.SITE_URL,
      notifyEmails: {
        contact: env.NOTIFY_EMAIL_CONTACT ?? team,
        "feature-request": env.NOTIFY_EMAIL_FEATURE_REQUEST ?? team,
        download: env.NOTIFY_EMAIL_DOWNLOAD ?? team,
        demo: env.NOTIFY_EMAIL_DEMO ?? team,
      },
      webhook: env.NOTIFY_WEBHOOK_URL !== undefined,
    },
    wake,
  );
  // The newsletter's audiences besides its subscribers: a shipped roadmap item's requesters and voters (decision 036).
  const audiences: NewsletterAudiences = [shippedNoticeAudience(roadmapVotes)];
  return {
    newsletter: {
      links,
      notices: createNewsletterNotices({ siteUrl: env.SITE_URL, links }),
      audiences,
      voteLinks: roadmapVotes,
      voteNotices: createRoadmapVoteNotices(roadmapVotes),
      addressDigest: consent.digest,
      ratePerMinute: env.NEWSLETTER_RATE_PER_MINUTE,
      siteUrl: env.SITE_URL,
      sender: senderOf(env, siteContent),
    },
    notices,
  };
}

export function retentionPeriodsOf(env: Env): RetentionPeriods {
  return {
    contact: env.RETENTION_CONTACT_DAYS,
    featureRequest: env.RETENTION_FEATURE_REQUEST_DAYS,
    download: env.RETENTION_DOWNLOAD_DAYS,
    outbox: env.RETENTION_OUTBOX_DAYS,
    audit: env.RETENTION_AUDIT_DAYS,
    spam: env.RETENTION_SPAM_DAYS,
  };
}

export function analyticsOptionsOf(env: Env): AnalyticsOptions {
  return {
    enabled: env.ANALYTICS_ENABLED,
    retentionDays: env.ANALYTICS_RETENTION_DAYS,
    flushMs: env.ANALYTICS_FLUSH_MS,
    batchSize: env.ANALYTICS_BATCH_SIZE,
    ownHosts: [new URL(env.SITE_URL).hostname],
  };
}

/** What every request sees (app/context.ts), from the environment, the database and the root key. */
function requestServices(env: Env, database: DatabaseService, rootKey: Buffer, wake?: () => void): RequestServices {
  const siteOrigin = new URL(env.SITE_URL).origin;
  const blog = createBlogStore(database.db, database.ready, Buffer.from(derivedKey(rootKey, "blog-preview-link")));
  // The form limiter and the sign-in throttle share one window counter's key (app/lib/window-counter.server.ts).
  const rateLimitKey = derivedKey(rootKey, "rate-limit");
  const siteContent = createSiteContentStore(database.db, database.ready, Buffer.from(derivedKey(rootKey, "content-preview-link")));
  const campaignPages = createCampaignPagesStore(database.db, database.ready, Buffer.from(derivedKey(rootKey, "campaign-preview-link")));
  // A publication of content or of a page reaches every instance on one channel (decision 047): the pages load again.
  siteContent.onChange(() => campaignPages.changed());
  return {
    database,
    blog,
    siteContent,
    campaignPages,
    siteOrigin,
    rateLimiter: createRateLimiter(database.db, {
      key: rateLimitKey,
      max: env.RATE_LIMIT_MAX,
      formMax: env.RATE_LIMIT_FORM_MAX,
      windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
    }),
    ...mailServices(env, rootKey, siteContent, wake),
    publishHooks: { content: contentPublishHooks(), blog: blogPublishHooks() },
    // The console (docs/decisions/014).
    operatorAuth: createOperatorAuth(database.db, {
      secret: derivedKey(rootKey, "operator-session").toString("base64url"),
      secure: siteOrigin.startsWith("https:"),
      idleMinutes: env.SESSION_IDLE_MINUTES,
      maxHours: env.SESSION_MAX_HOURS,
      rateLimitKey,
      maxPerAccount: env.SIGN_IN_MAX_FAILURES,
      maxPerAddress: env.SIGN_IN_MAX_FAILURES_PER_ADDRESS,
      windowSeconds: env.SIGN_IN_WINDOW_MINUTES * 60,
    }),
    mailFileDir: mailFileDirOf(env),
    minFillMs: env.FORM_MIN_FILL_SECONDS * 1000,
    jobWords: { ...mailJobWords(MAIL_TEMPLATES), ...leadJobWords },
  };
}

/** Where the mailer writes messages when there is no SMTP server. */
function mailFileDirOf(env: Env): string | null {
  return env.SMTP_URL ? null : path.resolve(env.DATA_DIR, "mail");
}

/**
 * Opens the database the environment names and applies the migrations, the mailer, the outbox worker, the operators'
 * sessions and the retention purge. A database that cannot be reached does not stop the server: pages are still served,
 * forms answer 503, and the next submission after a short pause tries again, so the site recovers by itself when the
 * database comes back.
 */
export async function openServices(env: Env, build?: ServerBuild, { companyWarnings = false }: ServiceOptions = {}): Promise<Services> {
  const handle: DatabaseHandle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, keepTrying: true });
  let migrated: Promise<void> | null = null;
  const ready = () => {
    migrated ??= migrate(handle.db).then(
      async (applied) => {
        if (applied.length > 0) console.log(`Database migrations applied: ${applied.join(", ")}`);
        const seeded = await seedInitialPosts(handle.db);
        if (seeded > 0) console.log(`Blog: the ${seeded} initial posts imported into the database.`);
        const collections = await seedSiteContent(handle.db);
        if (collections > 0) console.log(`Site content: ${collections} collections imported from app/content into the database.`);
        const drafted = await draftNewResources(handle.db, resources);
        if (drafted > 0) console.log(`Newsletter: ${drafted} new resources have a draft issue waiting in the console.`);
      },
      (error: unknown) => {
        setTimeout(() => (migrated = null), RETRY_AFTER_MS).unref();
        throw error;
      },
    );
    return migrated;
  };
  ready().catch(() => console.error(`Database not reachable (${handle.driver}); forms answer 503 until it is.`));

  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    fileDir: path.resolve(env.DATA_DIR, "mail"),
    from: env.MAIL_FROM,
    replyTo: env.MAIL_REPLY_TO,
    // The services below hold the published content; the mailer asks at each message.
    sender: () => senderOf(env, services.siteContent)(),
    templates: MAIL_TEMPLATES,
    maxConnections: env.OUTBOX_BATCH_SIZE,
  });
  // Its wake-up call runs after a request, once the worker below exists.
  const rootKey = rootKeyOf(env);
  const services = { ...requestServices(env, { db: handle.db, ready }, rootKey, () => outbox.wake()), companyWarnings };
  const webhook = env.NOTIFY_WEBHOOK_URL ? { url: env.NOTIFY_WEBHOOK_URL, secret: env.NOTIFY_WEBHOOK_SECRET } : null;
  if (webhook && !webhook.secret) console.warn("NOTIFY_WEBHOOK_SECRET is not set: webhook deliveries go out unsigned.");
  const blogHooks = blogPublishHooks();
  const contentHooks = contentPublishHooks();
  const { audiences } = services.newsletter;
  const delivery = createDelivery(
    mailer,
    webhook,
    {
      // A scheduled post goes live through the same durable jobs as the mail (docs/decisions/023).
      async [BLOG_PUBLISH_JOB](job) {
        try {
          await publishScheduledPost(handle.db, blogHooks, job.payload);
        } catch (error) {
          // Shown on the post in the editor; the job is retried like any other.
          await recordPublishError(handle.db, job.payload, describeError(error)).catch(() => {});
          throw error;
        }
      },
      // A lead's follow-up day reminds its owner, once (app/features/leads/follow-up.server.ts).
      [FOLLOW_UP_JOB]: async (job) => void (await remindOfFollowUp(handle.db, job.payload)),
      // The structured content's scheduled publication (docs/decisions/035): once, on whichever instance runs it.
      [CONTENT_PUBLISH_JOB]: (job) => publishScheduledContent(handle.db, contentHooks, job.payload),
      // A campaign page's scheduled publication (docs/decisions/047), the same way.
      [CAMPAIGN_PAGE_PUBLISH_JOB]: (job) => publishScheduledPage(handle.db, publishedBlockContent, job.payload),
      // The newsletter (docs/decisions/025): a scheduled issue's start, and each subscriber's copy.
      [START_ISSUE_JOB]: (job) => startScheduledIssue(handle.db, job.payload, { ratePerMinute: env.NEWSLETTER_RATE_PER_MINUTE, audiences }),
      [SEND_COPY_JOB]: sendCopy({
        db: handle.db,
        siteUrl: env.SITE_URL,
        links: services.newsletter.links,
        maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
      }),
      // Each copy to an audience another feature registered: a shipped roadmap item's requesters and voters (decision 036).
      ...Object.fromEntries(
        audiences.map((audience) => [
          audience.copyJob,
          sendAudienceCopy(audience, { db: handle.db, siteUrl: env.SITE_URL, maxAttempts: env.OUTBOX_MAX_ATTEMPTS }),
        ]),
      ),
    },
    { db: handle.db, softBounceLimit: env.SOFT_BOUNCE_LIMIT },
  );
  const outbox = startOutboxWorker(handle.db, delivery, {
    maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
    retrySeconds: env.OUTBOX_RETRY_SECONDS,
    pollSeconds: env.OUTBOX_POLL_SECONDS,
    leaseSeconds: env.OUTBOX_LEASE_SECONDS,
    batchSize: env.OUTBOX_BATCH_SIZE,
    ready,
  });
  console.log(`Mail goes to ${mailer.destination}.`);
  if (env.DATABASE_URL && !env.SECRET_KEY) {
    console.warn("SECRET_KEY is unset: each instance signs links and sessions with its own key. Set it when running several.");
  }

  // Every instance drops its cached blog when any of them changes a post.
  const listen = () => {
    ready()
      .then(() => Promise.all([listenForChanges(handle, services.blog), listenForContentChanges(handle, services.siteContent)]))
      .catch(() => setTimeout(listen, RETRY_AFTER_MS).unref());
  };
  listen();
  // Every instance reloads its redirects when any of them changes one; meanwhile (and while the database is away) the
  // last table loaded, or its copy in DATA_DIR, stays in use. None takes an address the build answers (decision 034).
  // A post's and an archived issue's addresses answer only with their row: the blog and the newsletter say which do.
  const livePaths = build ? livePathsOf(siteAddressesOf(build)) : undefined;
  const redirects = createRedirectTable(handle.db, { ready, dataDir: env.DATA_DIR, live: livePaths });
  const listenForRedirects = () => {
    ready()
      .then(() => redirects.listen(handle))
      .catch(() => setTimeout(listenForRedirects, RETRY_AFTER_MS).unref());
  };
  listenForRedirects();
  const analytics = createAnalytics(handle.db, analyticsOptionsOf(env));
  // The purge that enforces the privacy policy's periods, and ends expired operator sessions; the analytics' daily
  // rollup and the deletion of its salts after 48 hours.
  const retention = scheduleRetention(async () => {
    await ready();
    await purgeExpired(handle.db, retentionPeriodsOf(env), retentionPurges);
    await services.operatorAuth.sessions.purgeExpired();
    await analytics.maintain();
  }, env.PURGE_INTERVAL_MINUTES * 60_000);

  // Delivery alerts (decision 020): straight to the team, not through the outbox they are about.
  const alertSender = createAlertSender(handle.db, {
    mail: {
      smtpUrl: env.ALERT_SMTP_URL ?? env.SMTP_URL,
      fileDir: path.resolve(env.DATA_DIR, "mail"),
      from: env.MAIL_FROM,
      to: env.ALERT_EMAIL,
    },
    webhookUrl: env.ALERT_WEBHOOK_URL,
  });
  const alertOptions = { queueAgeMinutes: env.ALERT_QUEUE_AGE_MINUTES, siteUrl: env.SITE_URL };
  const alerts = scheduleRetention(
    async () => {
      await ready();
      await checkAlerts(handle.db, alertOptions, alertSender);
    },
    env.ALERT_CHECK_SECONDS * 1000,
    undefined,
    "delivery alert check",
  );

  // The booking page with a reference to the visit (docs/decisions/028), for the calendar and the /go/book link.
  const bookingLink = createBookingLinks(handle.db, analytics, {
    provider: env.BOOKING_PROVIDER,
    bookingUrl: env.BOOKING_URL,
    minutes: site.demo.minutes,
    key: derivedKey(rootKey, "booking-reference"),
    limiter: services.rateLimiter,
  });

  return {
    ...services,
    analytics,
    pageViews: pageViews(analytics, {
      outbound: { ...publicConfig(env), bookingMinutes: site.demo.minutes },
      bookingLink,
      siteOrigin: services.siteOrigin,
    }),
    emailEvents: emailEvents(services.database, { secret: env.EMAIL_EVENTS_SECRET, softBounceLimit: env.SOFT_BOUNCE_LIMIT }),
    bookings: bookingWebhooks(services.database, {
      secrets: { cal: env.CAL_WEBHOOK_SECRET, calendly: env.CALENDLY_WEBHOOK_SIGNING_KEY },
      notices: services.notices,
      goals: env.ANALYTICS_ENABLED,
      links: bookingLink,
      siteOrigin: services.siteOrigin,
    }),
    mailer,
    outbox,
    redirects,
    ...(livePaths ? { livePaths } : {}),
    // Not before the migrations: a server still applying them (or whose run the database cut short) stores nothing.
    reachable: () => ready().then(handle.ping, () => false),
    async close() {
      retention.stop();
      await analytics.close();
      await redirects.close();
      alerts.stop();
      alertSender.close();
      // Jobs in hand finish first, so none waits for its lease to run out after a restart.
      await outbox.stop();
      mailer.close();
      await handle.close();
    },
  };
}

/**
 * The request services on a throwaway in-memory database, for the build checks that render the server-only pages
 * (scripts/support/built-pages.ts): the pages behind email links render as a visitor would see them.
 */
export async function inMemoryServices(env: Env): Promise<RequestServices & { close(): Promise<void> }> {
  const handle = await openDatabase({});
  await migrate(handle.db);
  await seedInitialPosts(handle.db);
  await seedSiteContent(handle.db);
  return {
    ...requestServices(env, { db: handle.db, ready: async () => {} }, rootKeyOf(env)),
    close: () => handle.close(),
  };
}

// In development Vite re-evaluates server modules after an edit; the database (PGlite holds its folder) stays open.
const globalServices = globalThis as typeof globalThis & { __replywiseServices?: Promise<Services> };

/**
 * The process's one set of services, for the build it serves. In development the first build's routes stay the redirect
 * manager's until a restart (a route added meanwhile is not refused as an old path).
 */
export function processServices(env: Env, build?: ServerBuild, options?: ServiceOptions): Promise<Services> {
  globalServices.__replywiseServices ??= openServices(env, build, options);
  return globalServices.__replywiseServices;
}
