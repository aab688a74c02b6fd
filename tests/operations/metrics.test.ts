import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/serve-build";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { createTestDatabase, type TestDatabase } from "../support/server/postgres";
import { formBody } from "../support/server/raw-http";
import { metricSamples as samples } from "../support/server/outbox-watch";

// /metrics (decision 020) against the built server on PostgreSQL: refused without the bearer token or with a wrong
// one, and with it, Prometheus' text whose figures match the database read beside the server (leads, held spam, the
// outbox by status, the oldest waiting job) and the posts this test made (by form and outcome, and by route class).
// The mail server is down, so the jobs stay waiting. (With METRICS_TOKEN unset there is no /metrics: hostile-input.test.ts.)

const TOKEN = "metrics-token-for-the-tests-0123456789";

describe("/metrics", () => {
  let pg: TestDatabase;
  let smtp: SmtpSink;
  let server: RunningServer;
  let sql: postgres.Sql;

  /**
   * A post, its answer read to the end: the server times a request once it has sent all of it, and a gzipped or streamed
   * answer's status arrives before that, so a scrape sent on the status alone could miss the last post.
   */
  const post = async (pathname: string, body: string, type = "application/x-www-form-urlencoded") => {
    const answer = await fetch(`${server.url}${pathname}`, { method: "POST", headers: { "Content-Type": type, Origin: server.url }, body });
    await answer.arrayBuffer();
    return answer;
  };
  const scrape = (authorization?: string) =>
    fetch(`${server.url}/metrics`, { headers: authorization ? { Authorization: authorization } : {} });

  beforeAll(async () => {
    pg = await createTestDatabase();
    smtp = await startSmtpSink();
    await smtp.stop();
    server = await startServer({ DATABASE_URL: pg.url, METRICS_TOKEN: TOKEN, SMTP_URL: smtp.url, OUTBOX_RETRY_SECONDS: "600" });
    sql = postgres(pg.url, { max: 2, onnotice: () => {} });
  });

  afterAll(async () => {
    await sql?.end({ timeout: 1 });
    await server?.stop();
    await smtp?.close();
    await pg?.destroy();
  });

  it("is refused without the token and with a wrong one", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-of-the-same-length-01234", `Basic ${TOKEN}`, TOKEN]) {
      const answer = await scrape(authorization);
      expect(answer.status, String(authorization)).toBe(401);
      expect(answer.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await answer.text()).not.toContain("replywise_");
    }
  });

  it("reports what the database holds and what became of each post", async () => {
    const contact = { name: "Metric Person", email: "metric@example.com", message: "Counted" };
    // Three people: one address gets one acknowledgement an hour.
    for (let i = 0; i < 3; i++)
      expect(
        (await post("/forms/contact.data", formBody({ ...contact, email: `metric${i}@example.com`, message: `Counted ${i}` }))).status,
      ).toBe(200);
    expect((await post("/forms/newsletter.data", formBody({ email: "metric.news@example.com", source: "/" }))).status).toBe(200);
    expect((await post("/forms/contact.data", formBody({ ...contact, website: "spam.example" }))).status).toBe(200);
    expect((await post("/forms/contact.data", formBody({ ...contact, email: "not an address" }))).status).toBe(400);
    expect((await post("/forms/contact.data", JSON.stringify(contact), "application/json")).status).toBe(415);

    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const metrics = samples(await answer.text());

    const [db] = await sql<{ contact: number; newsletter: number; spam: number; oldest: number }[]>`SELECT
      (SELECT count(*)::int FROM contact_requests) AS contact,
      (SELECT count(*)::int FROM newsletter_subscribers) AS newsletter,
      (SELECT count(*)::int FROM spam_posts WHERE form = 'contact') AS spam,
      (SELECT extract(epoch FROM now() - min(created_at))::float8 FROM outbox WHERE status IN ('pending', 'sending')) AS oldest`;
    expect(db).toMatchObject({ contact: 3, newsletter: 1, spam: 1 });
    expect(metrics.get('replywise_leads{form="contact"}')).toBe(db!.contact);
    expect(metrics.get('replywise_leads{form="newsletter"}')).toBe(db!.newsletter);
    expect(metrics.get('replywise_leads{form="download"}')).toBe(0);
    expect(metrics.get('replywise_spam_posts{form="contact"}')).toBe(db!.spam);
    const jobs = await sql<{ status: string; n: number }[]>`SELECT status, count(*)::int AS n FROM outbox GROUP BY status`;
    for (const status of ["pending", "sending", "sent", "failed"]) {
      expect(metrics.get(`replywise_outbox_jobs{status="${status}"}`), status).toBe(jobs.find((row) => row.status === status)?.n ?? 0);
    }
    expect(jobs.reduce((sum, row) => sum + row.n, 0)).toBeGreaterThan(0);
    expect(Math.abs(metrics.get("replywise_outbox_oldest_pending_seconds")! - db!.oldest)).toBeLessThan(5);

    expect(metrics.get('replywise_form_posts_total{form="contact",outcome="stored"}')).toBe(3);
    expect(metrics.get('replywise_form_posts_total{form="newsletter",outcome="stored"}')).toBe(1);
    expect(metrics.get('replywise_form_posts_total{form="contact",outcome="spam"}')).toBe(1);
    expect(metrics.get('replywise_form_posts_total{form="contact",outcome="invalid"}')).toBe(1);
    expect(metrics.get('replywise_form_posts_total{form="contact",outcome="unsupported-media-type"}')).toBe(1);
    expect(metrics.get('replywise_http_request_duration_seconds_count{route="form",method="POST",status="2xx"}')).toBe(5);
    expect(metrics.get('replywise_http_request_duration_seconds_count{route="form",method="POST",status="4xx"}')).toBe(2);
    expect(metrics.get("replywise_process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
    expect(metrics.get("replywise_database_up")).toBe(1);
    // The mail server is down: each attempt so far is a retry, by kind.
    await expect
      .poll(async () =>
        samples(await (await scrape(`Bearer ${TOKEN}`)).text()).get(
          'replywise_outbox_deliveries_total{kind="mail:request-received",result="retry"}',
        ),
      )
      .toBe(3);
  });
});
