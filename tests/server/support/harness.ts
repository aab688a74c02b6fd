import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "~/lib/db/client.server";
import { migrate } from "~/lib/db/migrate.server";
import type { FormResult } from "~/lib/form-result";
import { createRateLimiter } from "~/lib/rate-limit.server";
import type { FormServices } from "~/lib/submissions.server";
import * as contactRoute from "~/routes/forms.contact";
import * as downloadRoute from "~/routes/forms.download";
import * as featureRoute from "~/routes/forms.feature-request";
import * as newsletterRoute from "~/routes/forms.newsletter";
import { startPostgres, type PostgresCluster } from "./postgres";

export type Driver = "pglite" | "postgres";
export type FormPath = "/forms/contact" | "/forms/feature-request" | "/forms/newsletter" | "/forms/download";

const actions = {
  "/forms/contact": contactRoute.action,
  "/forms/feature-request": featureRoute.action,
  "/forms/newsletter": newsletterRoute.action,
  "/forms/download": downloadRoute.action,
} as const;

export interface PostOptions {
  address?: string;
  headers?: Record<string, string>;
  /** A raw body instead of the urlencoded fields. */
  body?: BodyInit;
}

export interface Answer {
  status: number;
  headers: Headers;
  result: FormResult;
}

export interface Harness {
  driver: Driver;
  handle: DatabaseHandle;
  services: FormServices;
  cluster: PostgresCluster | null;
  post(path: FormPath, fields: Record<string, string>, options?: PostOptions): Promise<Answer>;
  rows(table: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** Calls a form route's action the way the server does, with the services in the load context. */
export async function postTo(
  services: FormServices,
  path: FormPath,
  fields: Record<string, string>,
  { address = "203.0.113.7", headers = {}, body }: PostOptions = {},
): Promise<Answer> {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: body ?? new URLSearchParams(fields),
    // Needed by Node's fetch for a streamed body.
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  const action = actions[path] as (args: unknown) => Promise<{ data: FormResult; init: ResponseInit | null }>;
  const answer = await action({ request, context: { forms: services, clientAddress: address }, params: {} });
  return { status: answer.init?.status ?? 200, headers: new Headers(answer.init?.headers), result: answer.data };
}

/** A migrated database of the given kind with the services the server hands the actions. */
export async function openHarness(driver: Driver, limits = { max: 1000, windowSeconds: 600 }): Promise<Harness> {
  const cluster = driver === "postgres" ? await startPostgres() : null;
  const handle = await openDatabase({ databaseUrl: cluster?.url });
  await migrate(handle.db);
  const services: FormServices = {
    db: handle.db,
    ready: async () => {},
    rateLimiter: createRateLimiter(handle.db, limits),
  };

  return {
    driver,
    handle,
    services,
    cluster,
    post: (path, fields, options) => postTo(services, path, fields, options),
    async rows(table) {
      const result = (await handle.db.execute(sql.raw(`SELECT * FROM ${table} ORDER BY 1`))) as unknown;
      return (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows).map((row) => ({ ...row }));
    },
    async close() {
      await handle.close();
      cluster?.destroy();
    },
  };
}
