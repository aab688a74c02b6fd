import { expect, type Fixtures, type WorkerFixture } from "@playwright/test";
import postgres from "postgres";
import { POOL_SIZE } from "~/lib/db/client.server";
import { startServer, type RunningServer } from "../serve-build";
import { addOperators, type OperatorAccount } from "../server/operators";
import { createTestDatabase, type TestDatabase } from "../server/postgres";
import { startSmtpSink, type SmtpSink } from "../smtp-sink";
import { startWebhookSink, type WebhookSink } from "../webhook-sink";

// The servers a journey may need beside the run's shared one, each started the first time a test of the worker asks for
// it and kept until the worker ends. They are registered once, on the one `test` every spec extends (./test.ts):
// Playwright gives each set of worker fixtures a worker process of its own, so specs with sets of their own made a
// worker (and its browser) start again each time the queue moved between them.

export type Operator = OperatorAccount;

export interface ConsoleWorld {
  server: RunningServer;
  pg: TestDatabase;
  sql: postgres.Sql;
  /** The account the journeys sign in with. */
  operator: Operator;
  /** An account of its own for the failed sign-in limit, so locking it out never disturbs the other journeys. */
  lockable: Operator;
  /** An account that may edit posts but never see a lead. */
  editor: Operator;
  /** An account that sees the leads but never the posts (never locked out, unlike `lockable`). */
  sales: Operator;
  /** The mail server the console sends to (the follow-up reminders): a sink on loopback. */
  smtp: SmtpSink;
}

export interface FormsWorld {
  server: RunningServer;
  /** Its PostgreSQL database, which a test can take down to see the failure messages. */
  pg: TestDatabase;
  sql: postgres.Sql;
  /** The mail server the site sends to (a sink on loopback: nothing leaves the machine). */
  smtp: SmtpSink;
  webhook: WebhookSink;
}

export interface Worlds {
  consoleWorld: ConsoleWorld;
  formsWorld: FormsWorld;
}

const EDITOR: Operator = { email: "editor@example.com", password: "an editor's long passphrase", role: "editor" };
const ADMIN: Operator = { email: "ops@example.com", password: "a long operator passphrase", role: "admin" };
/** The Cal.com webhook's secret of the console servers, so a journey can post a booking as Cal.com would (decision 028). */
export const CAL_WEBHOOK_SECRET = "e2e-cal-webhook-secret-0123456789";
/** What every console server gets: a long secret, and abuse limits the suite's own traffic never trips. */
export const INBOX_SERVER_ENV = { RATE_LIMIT_MAX: "10000", SECRET_KEY: "e2e-".repeat(10), CAL_WEBHOOK_SECRET };

/** The editor account's own zone: away from UTC and the browsers' zones, so a time read in the wrong one misses by hours (decision 046). */
export const EDITOR_TIME_ZONE = "Asia/Kolkata";

/** Known to the form journeys, so they can make (and forge) links the way the server does. */
export const SECRET_KEY = "e2e-secret-key-that-is-long-enough-for-the-server";
export const WEBHOOK_SECRET = "e2e-webhook-secret";

/**
 * Until the server can store a form: its migrations applied and its database answering (`/readyz`) on every pooled
 * connection. A connection the database ended in an outage fails its next query (57P01), and each check takes the next
 * pooled connection in turn: so as many checks in a row as the pool holds, each of them answered.
 */
export async function untilReady(server: RunningServer) {
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

/** The console on PostgreSQL with four accounts, so a journey can read and write rows beside it. */
const consoleWorld: WorkerFixture<ConsoleWorld, object> = async ({}, provide) => {
  const pg = await createTestDatabase();
  const lockable: Operator = { email: "locked@example.com", password: "another long passphrase", role: "sales" };
  const sales: Operator = { email: "sales@example.com", password: "a salesperson's long passphrase", role: "sales" };
  await addOperators({ databaseUrl: pg.url }, [ADMIN, lockable, EDITOR, sales]);
  const smtp = await startSmtpSink();
  const server = await startServer({ DATABASE_URL: pg.url, SMTP_URL: smtp.url, OUTBOX_POLL_SECONDS: "0.5", ...INBOX_SERVER_ENV });
  const sql = postgres(pg.url, { max: 2, onnotice: () => {} });
  await sql`UPDATE operators SET time_zone = ${EDITOR_TIME_ZONE} WHERE email = ${EDITOR.email}`;
  await provide({ server, pg, sql, operator: ADMIN, lockable, editor: EDITOR, sales, smtp });
  await sql.end({ timeout: 1 });
  await server.stop();
  await smtp.close();
  await pg.destroy();
};

/**
 * The forms' server on its own PostgreSQL database, mail sink and webhook receiver, so a test can read the rows and
 * messages a journey produced and stop the database to see the failure messages without disturbing other workers.
 */
const formsWorld: WorkerFixture<FormsWorld, object> = async ({}, provide) => {
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
};

const worker = { scope: "worker", timeout: 120_000 } as const;
export const worlds: Fixtures<object, Worlds> = {
  consoleWorld: [consoleWorld, worker],
  formsWorld: [formsWorld, worker],
};
