import { expect, test as base } from "./test";
import postgres from "postgres";
import { POOL_SIZE } from "~/lib/db/client.server";
import { createTestDatabase, type TestDatabase } from "../../server/support/postgres";
import { startServer, type RunningServer } from "../../../scripts/support/serve-build";
import { startSmtpSink, type SmtpSink } from "../../support/smtp-sink";
import { startWebhookSink, type WebhookSink } from "../../support/webhook-sink";

/** Known to the tests, so they can make (and forge) links the way the server does. */
export const SECRET_KEY = "e2e-secret-key-that-is-long-enough-for-the-server";
export const WEBHOOK_SECRET = "e2e-webhook-secret";

interface FormsWorld {
  server: RunningServer;
  /** Its PostgreSQL database, which a test can take down to see the failure messages. */
  pg: TestDatabase;
  sql: postgres.Sql;
  /** The mail server the site sends to (a sink on loopback: nothing leaves the machine). */
  smtp: SmtpSink;
  webhook: WebhookSink;
}

/**
 * Until the server can store a form: its migrations applied and its database answering (`/readyz`) on every pooled
 * connection. A connection the database ended in an outage fails its next query (57P01), and each check takes the next
 * pooled connection in turn: so as many checks in a row as the pool holds, each of them answered.
 */
async function untilReady(server: RunningServer) {
  let inARow = 0;
  await expect
    .poll(
      async () => {
        inARow = (await fetch(`${server.url}/readyz`)).ok ? inARow + 1 : 0;
        return inARow;
      },
      { timeout: 30_000, intervals: [50] },
    )
    .toBeGreaterThan(POOL_SIZE);
}

/**
 * Each worker gets its own server on its own PostgreSQL database, mail sink and webhook receiver, so a test can read
 * the rows and messages a journey produced and stop the database to see the failure messages without disturbing
 * other workers.
 */
export const test = base.extend<{ db: FormsWorld }, { forms: FormsWorld }>({
  forms: [
    // Playwright reads the fixtures a function needs from its destructured first parameter.
    async ({}, provide) => {
      const [pg, smtp, webhook] = await Promise.all([createTestDatabase(), startSmtpSink(), startWebhookSink()]);
      const server = await startServer({
        DATABASE_URL: pg.url,
        // The journeys' own posts must not trip the abuse limits; their tests start servers of their own.
        RATE_LIMIT_MAX: "10000",
        SMTP_URL: smtp.url,
        SECRET_KEY,
        NOTIFY_WEBHOOK_URL: webhook.url,
        NOTIFY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        NOTIFY_EMAIL: "team@replywise.example",
        OUTBOX_POLL_SECONDS: "0.5",
        OUTBOX_RETRY_SECONDS: "0.5",
      });
      // Its migrations run after it listens: a test that stopped the database while they ran would break them.
      await untilReady(server);
      const sql = postgres(pg.url, { max: 2, onnotice: () => {} });
      await provide({ server, pg, sql, smtp, webhook });
      await sql.end({ timeout: 1 });
      await server.stop();
      await Promise.all([smtp.close(), webhook.close()]);
      await pg.destroy();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ forms }, provide) => provide(forms.server.url),
  db: async ({ forms }, provide) => {
    let stopped = false;
    const stop = async () => {
      stopped = true;
      await forms.pg.stop();
    };
    await provide({ ...forms, pg: { ...forms.pg, stop } });
    // A test that stopped the database leaves it running, and the site ready again, for the next one; the others
    // leave nothing to wait for.
    if (stopped) {
      await forms.pg.start();
      await untilReady(forms.server);
    }
  },
});

export { expect } from "./test";

/** A unique address per test run, so parallel projects never see each other's rows. */
export function uniqueEmail(label: string) {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}
