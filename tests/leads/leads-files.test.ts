import { parse } from "csv-parse/sync";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/serve-build";
import { addOperators, OPERATOR_PASSWORD, operatorSession, type OperatorPost } from "../support/server/operators";
import { createTestDatabase, type TestDatabase } from "../support/server/postgres";

// The files the inbox hands over, as its buttons post for them through the built server on PostgreSQL: the CSV of the
// filtered leads (named by its day, exactly the filter's rows, formulas defused, the export audited with its filters),
// and everything about an address as JSON. What the lists and the erasure do is in inbox-data.test.ts and erasure.test.ts;
// the browser journeys in tests/console/console.spec.ts click the same buttons.

describe("the inbox's CSV and JSON files", () => {
  let pg: TestDatabase;
  let server: RunningServer;
  let sql: postgres.Sql;
  let post: OperatorPost;

  beforeAll(async () => {
    pg = await createTestDatabase();
    await addOperators({ databaseUrl: pg.url }, [{ email: "ops@example.com", password: OPERATOR_PASSWORD, role: "admin" }]);
    server = await startServer({ DATABASE_URL: pg.url, SECRET_KEY: "s".repeat(40) });
    sql = postgres(pg.url, { max: 2, onnotice: () => {} });
    post = await operatorSession(server.url, "ops@example.com");
  });

  afterAll(async () => {
    await sql?.end({ timeout: 1 });
    await server?.stop();
    await pg?.destroy();
  });

  it("exports exactly the rows of the current filter as a CSV named by its day, formula-safe, and audits it", async () => {
    const tag = `Tag${Date.now().toString(36)}`;
    await sql`
      INSERT INTO contact_requests (name, email, company_name, message, utm_source)
      SELECT CASE WHEN n = 2 THEN '=HYPERLINK("x")' ELSE 'Export ' || n END, 'export' || n || '@example.com',
             ${tag}, 'Line one' || chr(10) || 'line, two "quoted"', CASE WHEN n % 2 = 0 THEN 'linkedin' END
      FROM generate_series(1, 70) AS n`;
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
    const counts = Object.fromEntries(Object.entries(json.tables).map(([table, rows]) => [table, rows.length]));
    expect(counts).toMatchObject({ contact_requests: 1, newsletter_subscribers: 1, feature_requests: 0, resource_leads: 0 });
    expect(JSON.stringify(json.tables.contact_requests)).toContain("Please call me");
    const [audit] = await sql`SELECT detail FROM audit_log WHERE action = 'subject-export' ORDER BY id DESC LIMIT 1`;
    expect(audit?.detail).toMatchObject({ rows: expect.anything() });
    expect(JSON.stringify(audit)).not.toContain(email);
  });
});
