import { parse } from "csv-parse/sync";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBJECT_TABLE_NAMES } from "~/features/data-requests/index.server";
import { startServer, type RunningServer } from "../support/serve-build";
import { addOperators, OPERATOR_PASSWORD, operatorSession, sessionCookie, type OperatorPost } from "../support/server/operators";
import { getPage, one, parseHtml, region, textOf } from "../support/server/page-document";
import { createTestDatabase, type TestDatabase } from "../support/server/postgres";

// The files the console hands over, as its buttons post for them through the built server on PostgreSQL: the CSV of the
// filtered leads (named by its day, exactly the filter's rows, formulas defused, the export audited with its filters;
// its button names how many rows, and the list it exports pages and filters by date as the page's form asks), and
// everything about an address as JSON, every table it looks in listed. The queries themselves are in
// leads-data.test.ts, the erasure in tests/data-requests/erasure.test.ts; the browser journeys in
// tests/console/console.spec.ts click the same buttons.

describe("the console's CSV and JSON files", () => {
  let pg: TestDatabase;
  let server: RunningServer;
  let sql: postgres.Sql;
  let post: OperatorPost;
  let cookie: string;

  beforeAll(async () => {
    pg = await createTestDatabase();
    await addOperators({ databaseUrl: pg.url }, [{ email: "ops@example.com", password: OPERATOR_PASSWORD, role: "admin" }]);
    server = await startServer({ DATABASE_URL: pg.url, SECRET_KEY: "s".repeat(40) });
    sql = postgres(pg.url, { max: 2, onnotice: () => {} });
    post = await operatorSession(server.url, "ops@example.com");
    cookie = await sessionCookie(server.url, "ops@example.com");
  });

  const page = (target: string) => getPage(server.url, target, { headers: { Cookie: cookie } });
  const exportButton = (doc: Document) => textOf(one(doc, "button", /^Export CSV/));
  /** The leads a page lists, by the address each one opens. */
  const listed = (doc: Document) => [...one(doc, "ol", "Leads").querySelectorAll("a[href]")].map((link) => link.getAttribute("href"));

  afterAll(async () => {
    await sql?.end({ timeout: 1 });
    await server?.stop();
    await pg?.destroy();
  });

  it("lists a date range 50 to a page, names the filter's count on the CSV button, and exports exactly its rows as a CSV named by its day, formula-safe, audited", async () => {
    const tag = `Tag${Date.now().toString(36)}`;
    // 70 leads 50 minutes apart from Feb 1, 18:50 UTC: 7 on Feb 1, 57 on Feb 2 and 3 (the last at 23:20), 6 on Feb 4.
    await sql`
      INSERT INTO contact_requests (name, email, company_name, message, utm_source, created_at)
      SELECT CASE WHEN n = 2 THEN '=HYPERLINK("x")' ELSE 'Export ' || n END, 'export' || n || '@example.com',
             ${tag}, 'Line one' || chr(10) || 'line, two "quoted"', CASE WHEN n % 2 = 0 THEN 'linkedin' END,
             timestamptz '2026-02-01T18:00:00Z' + make_interval(mins => 50 * n)
      FROM generate_series(1, 70) AS n`;

    // Unfiltered, the button counts every lead, not the page's 50.
    const all = await page("/console/leads");
    expect(exportButton(all.doc)).toBe("Export CSV (70 rows)");

    // The form's "From (UTC)" and "To (UTC)" fields, posted without a search text, answer with the dates' address.
    const fieldNamed = (label: string) => all.doc.getElementById(one(all.doc, "label", label).getAttribute("for")!)?.getAttribute("name");
    expect([fieldNamed("From (UTC)"), fieldNamed("To (UTC)")]).toEqual(["from", "to"]);
    const form = { q: "", type: "all", stage: "all", owner: "all", from: "2026-02-02", to: "2026-02-03", source: "" };
    const dated = await post("/console/leads", form);
    expect([dated.status, dated.headers.get("location")]).toEqual([303, "/console/leads?from=2026-02-02&to=2026-02-03"]);
    const inRange = await sql<{ id: number }[]>`SELECT id::int FROM contact_requests
      WHERE company_name = ${tag} AND created_at >= '2026-02-02T00:00:00Z' AND created_at < '2026-02-04T00:00:00Z'
      ORDER BY created_at DESC, id DESC`;
    expect(inRange).toHaveLength(57);
    const first = await page(dated.headers.get("location")!);
    expect(exportButton(first.doc)).toBe("Export CSV (57 rows)");
    const pager = region(first.doc, "Pages of leads");
    expect(textOf(pager.querySelector("p"))).toBe("Page 1 of 2");
    const second = await page(one(pager, "a", "Next").getAttribute("href")!);
    expect(textOf(region(second.doc, "Pages of leads").querySelector("p"))).toBe("Page 2 of 2");
    // Newest first, 50 then the other 7; none from Feb 1 or Feb 4.
    expect(listed(first.doc)).toHaveLength(50);
    expect([...listed(first.doc), ...listed(second.doc)]).toEqual(inRange.map(({ id }) => `/console/leads/contact/${id}`));

    // A search posted with a filter: the list answers in place, and the button counts what they match together.
    const searched = await post("/console/leads", { q: tag, source: "linkedin" });
    expect(searched.status).toBe(200);
    expect(exportButton(parseHtml(await searched.text()))).toBe("Export CSV (35 rows)");

    const response = await post("/console/leads/export", { q: tag, source: "linkedin" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(await response.text(), { columns: true }) as Record<string, string>[];
    const expected = await sql`SELECT id::text, email, message FROM contact_requests
      WHERE company_name = ${tag} AND utm_source = 'linkedin' ORDER BY created_at DESC, contact_requests.id DESC`;
    expect(expected).toHaveLength(35);
    expect(rows.map((row) => ({ id: row.id, email: row.email, message: row.message }))).toEqual(
      expected.map((row) => ({ id: row.id, email: row.email, message: row.message })),
    );
    expect(rows.every((row) => row.type === "contact" && row.utm_source === "linkedin" && row.stage === "new")).toBe(true);
    // A name a spreadsheet would run as a formula arrives defused, as in `npm run db:export`.
    expect(rows.filter((row) => row.name?.includes("HYPERLINK")).map((row) => row.name)).toEqual([`'=HYPERLINK("x")`]);
    const [audit] = await sql`SELECT detail FROM audit_log WHERE action = 'export' ORDER BY id DESC LIMIT 1`;
    expect(audit?.detail).toEqual({ rows: 35, filters: ["search", "came from"] });
  });

  it("gives everything stored about an address as a JSON file, table by table, and audits it", async () => {
    const email = `subject.${Date.now().toString(36)}@example.com`;
    await sql`INSERT INTO contact_requests (name, email, message) VALUES ('Data Subject', ${email}, 'Please call me')`;
    await sql`INSERT INTO newsletter_subscribers (email, source, status) VALUES (${email.toUpperCase()}, '/blog', 'pending')`;
    const response = await post("/console/requests/export", { email });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="data-request-\d{4}-\d{2}-\d{2}\.json"$/);
    const json = JSON.parse(await response.text()) as { address: string; tables: Record<string, unknown[]> };
    expect(json.address).toBe(email);
    // Every table the request looks in, the empty ones included, so the person sees where nothing is kept too.
    const counts = Object.fromEntries(Object.entries(json.tables).map(([table, rows]) => [table, rows.length]));
    const none = Object.fromEntries(SUBJECT_TABLE_NAMES.map((table) => [table, 0]));
    expect(counts).toEqual({ ...none, contact_requests: 1, newsletter_subscribers: 1 });
    expect(JSON.stringify(json.tables.contact_requests)).toContain("Please call me");
    const [audit] = await sql`SELECT detail FROM audit_log WHERE action = 'subject-export' ORDER BY id DESC LIMIT 1`;
    expect(audit?.detail).toMatchObject({ rows: expect.anything() });
    expect(JSON.stringify(audit)).not.toContain(email);
  });
});
