import { sql } from "drizzle-orm";
import { requestContext, type RequestServices } from "~/context";
import { createOperatorAuth } from "~/lib/console/auth.server";
import { openDatabase, type DatabaseHandle } from "~/lib/db/client.server";
import { createSiteContentStore } from "~/features/site-content/index.server";
import { createCampaignPagesStore } from "~/features/campaign-pages/index.server";
import { createBlogStore } from "~/features/blog/index.server";
import { migrate } from "~/lib/db/migrate.server";
import type { FormResult, StoredResourceLead } from "~/lib/forms/result";
import { readEnv } from "~/lib/env.server";
import { createRateLimiter, type RateLimitOptions } from "~/lib/rate-limit.server";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { blogPublishHooks, contentPublishHooks, mailServices, rootKeyOf } from "../../../server/services";
import * as contactRoute from "~/routes/forms.contact";
import * as downloadRoute from "~/routes/forms.download";
import * as featureRoute from "~/routes/forms.feature-request";
import * as newsletterRoute from "~/routes/forms.newsletter";
import * as roadmapVoteRoute from "~/routes/forms.roadmap-vote";
import { templateDump } from "../pglite-template";
import { createTestDatabase, type TestDatabase } from "./postgres";

export type Driver = "pglite" | "postgres";

const TEST_RATE_LIMIT_KEY = "test-rate-limit-key-0123456789abcdef";

/** The operator area's settings in server tests: short limits, so tests reach them quickly. */
export const TEST_OPERATOR_AUTH = {
  secret: "test-secret-0123456789abcdef0123456789abcdef",
  rateLimitKey: TEST_RATE_LIMIT_KEY,
  secure: false,
  idleMinutes: 30,
  maxHours: 12,
  maxPerAccount: 5,
  maxPerAddress: 20,
  windowSeconds: 900,
};
export type FormPath = "/forms/contact" | "/forms/feature-request" | "/forms/newsletter" | "/forms/download" | "/forms/roadmap-vote";

const actions = {
  "/forms/contact": contactRoute.action,
  "/forms/feature-request": featureRoute.action,
  "/forms/newsletter": newsletterRoute.action,
  "/forms/download": downloadRoute.action,
  "/forms/roadmap-vote": roadmapVoteRoute.action,
} as const;

export interface PostOptions {
  address?: string;
  headers?: Record<string, string>;
  /** A raw body instead of the urlencoded fields. */
  body?: BodyInit;
  /** Leave out the (empty) honeypot field every real form sends. */
  withoutHoneypot?: boolean;
}

/** What the visitor gets, read plainly: the status, each field's first message, the values shown again. */
export interface ResultView {
  status: FormResult["status"];
  reason?: string;
  message?: string | null;
  fieldErrors?: Record<string, string>;
  values?: Record<string, unknown>;
  lead?: StoredResourceLead;
}

export interface Answer {
  status: number;
  headers: Headers;
  result: ResultView;
  raw: FormResult;
}

function typedValues(result: FormResult) {
  const { website: _honeypot, ...values } = (result.reply.initialValue ?? {}) as Record<string, unknown>;
  return values;
}

export function viewOf(result: FormResult): ResultView {
  if (result.status === "success") return result.lead ? { status: "success", lead: result.lead } : { status: "success" };
  if (result.status === "error") return { status: "error", reason: result.reason, values: typedValues(result) };
  const fieldErrors = Object.fromEntries(
    Object.entries(result.reply.error ?? {})
      .filter(([field, errors]) => field !== "" && errors?.[0])
      .map(([field, errors]) => [field, errors![0]!]),
  );
  return { status: "invalid", message: result.message, fieldErrors, values: typedValues(result) };
}

/** Calls a form route's action the way the server does, with the services in the router's context. */
export async function postTo(
  services: RequestServices,
  path: FormPath,
  fields: Record<string, string>,
  { address = "203.0.113.7", headers = {}, body, withoutHoneypot = false }: PostOptions = {},
): Promise<Answer> {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: body ?? new URLSearchParams(withoutHoneypot ? fields : { website: "", ...fields }),
    // Needed by Node's fetch for a streamed body.
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  const action = actions[path] as (args: unknown) => Promise<{ data: FormResult; init: ResponseInit | null }>;
  const answer = await action({ request, context: requestContext(services, address), params: {} });
  return { status: answer.init?.status ?? 200, headers: new Headers(answer.init?.headers), result: viewOf(answer.data), raw: answer.data };
}

export interface Harness {
  driver: Driver;
  handle: DatabaseHandle;
  services: RequestServices;
  /** The PostgreSQL database, which a test can take down and bring back; null on PGlite. */
  pg: TestDatabase | null;
  post(path: FormPath, fields: Record<string, string>, options?: PostOptions): Promise<Answer>;
  rows(table: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** A migrated database of the given kind with the services the server hands the actions. */
export async function openHarness(driver: Driver, limits: RateLimitOptions = { max: 1000, windowSeconds: 600 }): Promise<Harness> {
  const pg = driver === "postgres" ? await createTestDatabase() : null;
  const handle = await openDatabase({ databaseUrl: pg?.url, seed: pg ? undefined : templateDump() });
  await migrate(handle.db);
  const env = readEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "replywise-harness-")), NOTIFY_WEBHOOK_URL: "http://127.0.0.1:9/hook" });
  const siteContent = createSiteContentStore(handle.db);
  const services: RequestServices = {
    database: { db: handle.db, ready: async () => {} },
    blog: createBlogStore(handle.db),
    siteContent,
    campaignPages: createCampaignPagesStore(handle.db),
    siteOrigin: "http://localhost",
    rateLimiter: createRateLimiter(handle.db, { ...limits, key: TEST_RATE_LIMIT_KEY }),
    ...mailServices(env, rootKeyOf(env), siteContent),
    publishHooks: { content: contentPublishHooks(), blog: blogPublishHooks() },
    operatorAuth: createOperatorAuth(handle.db, TEST_OPERATOR_AUTH),
    mailFileDir: path.join(env.DATA_DIR, "mail"),
  };

  return {
    driver,
    handle,
    services,
    pg,
    post: (path, fields, options) => postTo(services, path, fields, options),
    async rows(table) {
      const result = (await handle.db.execute(sql.raw(`SELECT * FROM ${table} ORDER BY 1`))) as unknown;
      return (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows).map((row) => ({ ...row }));
    },
    async close() {
      await handle.close();
      await pg?.destroy();
    },
  };
}
