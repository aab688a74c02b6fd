import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/serve-build";
import { addOperators } from "../support/server/operators";
import { one, parseHtml, region, textOf } from "../support/server/page-document";
import { createTestDatabase, type TestDatabase } from "../support/server/postgres";

// Erasure through the console removes an address from every place the site wrote it, the .eml files written without
// SMTP_URL included: the built server sends real mail into DATA_DIR/mail, an operator looks the visitor up (the page
// says what is stored where), confirms and erases, and no table or file names them any more (each file read by
// mailparser, decoded, as a mail client would), while the other visitor's mail stays; the audit log's page says an
// address was erased without naming it. On PostgreSQL, so the test and the operator command line can run beside the
// server.

const SUBJECT = "erase.me@example.com";
const OTHER = "keep.me@example.com";
const PASSWORD = "erasure-operator-password";

/** Whether a message, decoded as a mail client reads it, or its raw bytes, name the address. */
async function names(raw: string, address: string) {
  const mail = await simpleParser(raw);
  const headers = [...mail.headerLines.map((line) => line.line)].join("\n");
  const decoded = [headers, mail.subject, mail.text, mail.html || "", JSON.stringify(mail.to), JSON.stringify(mail.replyTo)];
  return [raw, ...decoded].some((text) => (text ?? "").toLowerCase().includes(address));
}

describe("erasing an address in the console", () => {
  let pg: TestDatabase;
  let server: RunningServer;
  let sql: postgres.Sql;
  let mailDir: string;

  const mailFiles = () => readdirSync(mailDir).filter((name) => name.endsWith(".eml"));
  const filesNaming = async (address: string) => {
    const found: string[] = [];
    for (const name of mailFiles()) if (await names(readFileSync(path.join(mailDir, name), "utf8"), address)) found.push(name);
    return found;
  };
  const post = (pathname: string, fields: Record<string, string>, cookie = "") =>
    fetch(`${server.url}${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: new URLSearchParams(fields),
    });

  beforeAll(async () => {
    pg = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), "replywise-erasure-"));
    mailDir = path.join(dataDir, "mail");
    server = await startServer({ DATABASE_URL: pg.url, DATA_DIR: dataDir, SECRET_KEY: "e".repeat(40), OUTBOX_POLL_SECONDS: "0.2" });
    sql = postgres(pg.url, { max: 2, onnotice: () => {} });
    await addOperators({ databaseUrl: pg.url }, [{ email: "ops@example.com", password: PASSWORD, role: "admin" }]);

    // Every form, the subject typed in another case once; and someone else, whose mail must stay.
    const forms: [string, Record<string, string>][] = [
      ["/forms/contact", { name: "Erin Subject", email: SUBJECT, message: "Please call me back" }],
      [
        "/forms/feature-request",
        { name: "Erin Subject", email: "Erase.Me@Example.com", featureTitle: "Pipedrive sync", description: "Push deals." },
      ],
      ["/forms/newsletter", { email: SUBJECT, source: "/" }],
      ["/forms/download", { name: "Erin Subject", email: SUBJECT, resourceId: "outreach-checklist" }],
      ["/forms/contact", { name: "Kim Other", email: OTHER, message: "Another message" }],
    ];
    for (const [pathname, fields] of forms) expect((await post(pathname, { website: "", ...fields })).status, pathname).toBe(200);

    for (const deadline = Date.now() + 60_000; ; await new Promise((resolve) => setTimeout(resolve, 200))) {
      const [unsent] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM outbox WHERE status <> 'sent'`;
      if (unsent!.n === 0) break;
      if (Date.now() > deadline) throw new Error(`mail not sent:\n${server.output()}`);
    }
    const [jobs] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM outbox WHERE kind <> 'webhook'`;
    expect(mailFiles()).toHaveLength(jobs!.n);
    // The download's jobs are gone from the outbox, as the retention purge deletes sent jobs: their files are found by
    // what they say, not by their job.
    await sql`DELETE FROM outbox WHERE payload::text ILIKE '%outreach%'`;
    // A newsletter issue went to the subject (its confirmation aside), and to the other person.
    await sql`INSERT INTO newsletter_subscribers (email, source, status) VALUES (${OTHER}, '/', 'confirmed')`;
    await sql`INSERT INTO newsletter_issues (topic, source_key, status, subject, preheader, title, excerpt, link_path, number)
      VALUES ('resource', 'erasure', 'sending', 'An issue', '', 'An issue', 'Words.', '/resources', 1)`;
    await sql`INSERT INTO newsletter_deliveries (issue_id, subscriber_id, status)
      SELECT i.id, s.id, 'sent' FROM newsletter_issues i, newsletter_subscribers s`;
  }, 180_000);

  afterAll(async () => {
    await sql?.end({ timeout: 1 });
    await server?.stop();
    await pg?.destroy();
  });

  it("shows what is stored where, erases every row and mail file naming it after a confirmation, says how many from where, keeps the others' and audits it without the address", async () => {
    const before = await filesNaming(SUBJECT);
    const others = await filesNaming(OTHER);
    // The receipts, the confirmation, the download link and the team's notifications: at least one per form.
    expect(before.length).toBeGreaterThanOrEqual(6);
    expect(others.length).toBeGreaterThanOrEqual(2);

    const signIn = await post("/console/sign-in", { email: "ops@example.com", password: PASSWORD, next: "/console/leads" });
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0]!;
    const page = await (await fetch(`${server.url}/console/requests`, { headers: { Cookie: cookie } })).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)?.[1] ?? "";

    // A job that gave up, so its row's last error shows on the page as the database holds it.
    await sql`INSERT INTO outbox (kind, recipient, payload, status, attempts, last_error)
      VALUES ('mail:request-received', ${SUBJECT}, ${sql.json({ to: [{ address: SUBJECT }] })}, 'failed', 5, 'SMTP 550')`;
    // The jobs whose row names the address anywhere, counted without the site's own query.
    const [outbox] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM outbox AS t
      WHERE row_to_json(t)::text ILIKE ${`%${SUBJECT}%`}`;
    const jobs = outbox!.n;
    expect(jobs).toBeGreaterThanOrEqual(5);

    const lookup = parseHtml(await (await post("/console/requests", { intent: "lookup", email: SUBJECT, csrf }, cookie)).text());
    expect(textOf(one(lookup, "[role=status]"))).toBe(
      `Stored about ${SUBJECT}: ${5 + jobs} rows: 1 in Contact requests, 1 in Feature requests, 1 in Newsletter issues sent, ` +
        `1 in Newsletter subscriptions, 1 in Downloads, ${jobs} in Emails and webhooks (outbox); ` +
        `${before.length} mail files (.eml, written without an SMTP server).`,
    );
    // Under it, a section per table with every row's columns; a table holding nothing says so.
    expect(textOf(region(lookup, "Contact requests: 1 row"))).toContain("Please call me back");
    expect(textOf(region(lookup, `Emails and webhooks (outbox): ${jobs} rows`))).toContain("SMTP 550");
    expect(textOf(region(lookup, "Demo meetings: 0 rows"))).toContain("Nothing stored here.");

    const review = await (await post("/console/requests", { intent: "review-erase", email: SUBJECT, csrf }, cookie)).text();
    expect(textOf(one(parseHtml(review), "h2", /^Erase everything/))).toBe(`Erase everything about ${SUBJECT}?`);
    expect(review).toContain(`${before.length} mail files`);

    const erased = await post("/console/requests", { intent: "erase", email: SUBJECT, csrf }, cookie);
    expect(erased.status).toBe(200);
    const text = (await erased.text()).replace(/<!-- -->/g, "");
    expect(text).toContain(
      "1 in Contact requests, 1 in Feature requests, 1 in Newsletter issues sent, 1 in Newsletter subscriptions, 1 in Downloads",
    );
    expect(text).toMatch(/\d+ in Emails and webhooks \(outbox\)/);
    expect(text).toContain(`${before.length} mail files (.eml`);

    // The audit log's page says what happened, in counts, and names the address nowhere.
    const auditPage = await (await fetch(`${server.url}/console/audit`, { headers: { Cookie: cookie } })).text();
    const erasures = [...region(parseHtml(auditPage), "Audit log").querySelectorAll("li")].filter((entry) =>
      textOf(entry).includes("Erased an address"),
    );
    expect(erasures).toHaveLength(1);
    expect(textOf(erasures[0])).toContain("1 in contact requests");
    expect(auditPage.toLowerCase()).not.toContain(SUBJECT);

    expect(await filesNaming(SUBJECT)).toEqual([]);
    expect(await filesNaming(OTHER)).toEqual(others);
    for (const table of ["contact_requests", "feature_requests", "newsletter_subscribers", "resource_leads", "outbox", "audit_log"]) {
      const rows = await sql.unsafe(`SELECT * FROM ${table}`);
      expect(JSON.stringify(rows).toLowerCase(), table).not.toContain(SUBJECT);
    }
    // The other subscriber's copy stays; the subject's went with them.
    expect(await sql`SELECT s.email FROM newsletter_deliveries d JOIN newsletter_subscribers s ON s.id = d.subscriber_id`).toEqual([
      { email: OTHER },
    ]);
    const [audit] = await sql`SELECT detail FROM audit_log WHERE action = 'erasure'`;
    expect(audit!.detail).toMatchObject({ mailFiles: before.length });
    expect(server.output().toLowerCase()).not.toContain(SUBJECT);
  });
});
