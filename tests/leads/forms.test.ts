import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "~/content/resources";
import { MAX_BODY_BYTES } from "~/lib/forms/limits";
import { FORM_MESSAGES } from "~/lib/forms/result";
import { startServer, type RunningServer } from "../support/serve-build";
import { openHarness, type Driver, type Harness } from "../support/server/harness";
import { createTestDatabase, type TestDatabase } from "../support/server/postgres";

const contact = { name: "Ada Lovelace", email: "ada@example.com", companyName: "", message: "Can Replywise handle 40 inboxes?" };
const feature = {
  name: "Grace Hopper",
  email: "grace@example.com",
  company: "",
  featureTitle: "HubSpot sync",
  description: "Push booked meetings to HubSpot.",
  useCase: "",
};
const resource = resources[0];
/**
 * What every lead table adds for the console: where the visit came from (and its analytics visitor id), how the
 * lead is worked: its stage, owner, follow-up and notes (docs/decisions/021, 029).
 */
const INBOX_COLUMNS = [
  "follow_up_on",
  "follow_up_reminded_on",
  "landing_page",
  "notes",
  "owner_id",
  "referrer",
  "stage",
  "stage_at",
  "stage_by",
  "visitor_id",
  "utm_campaign",
  "utm_content",
  "utm_medium",
  "utm_source",
  "utm_term",
];
const columns = (...spec: string[]) => [...spec, ...INBOX_COLUMNS].sort();

describe.each<Driver>(["pglite", "postgres"])("form actions on %s", (driver) => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness(driver);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("stores a contact request with exactly the spec's columns, an empty company as NULL", async () => {
    const answer = await h.post("/forms/contact", { ...contact, name: "  Ada Lovelace " });
    expect(answer).toMatchObject({ status: 200, result: { status: "success" } });
    const rows = await h.rows("contact_requests");
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(Object.keys(row!).sort()).toEqual(columns("company_name", "created_at", "email", "id", "message", "name", "request_type"));
    expect(row).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
      company_name: null,
      message: "Can Replywise handle 40 inboxes?",
      request_type: "contact",
    });
    expect(new Date(row!.created_at as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("stores a feature request with NULL company and use case when they are empty", async () => {
    expect((await h.post("/forms/feature-request", feature)).status).toBe(200);
    expect((await h.post("/forms/feature-request", { ...feature, company: "Navy", useCase: "Weekly review" })).status).toBe(200);
    const rows = await h.rows("feature_requests");
    expect(Object.keys(rows[0]!).sort()).toEqual(
      columns("company", "created_at", "description", "email", "feature_title", "id", "name", "roadmap_item_id", "use_case"),
    );
    expect(rows.map((row) => [row.feature_title, row.company, row.use_case])).toEqual([
      ["HubSpot sync", null, null],
      ["HubSpot sync", "Navy", "Weekly review"],
    ]);
  });

  it("stores a newsletter address once, whatever its case, and answers success both times", async () => {
    const first = await h.post("/forms/newsletter", { email: "Ann@Example.com", source: "/resources" });
    const again = await h.post("/forms/newsletter", { email: "ann@example.com", source: "/" });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.result).toEqual({ status: "success" });
    const rows = await h.rows("newsletter_subscribers");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "Ann@Example.com", source: "/resources" });
  });

  it("stores a download lead with the resource's title and answers with the lead for local storage", async () => {
    const answer = await h.post("/forms/download", { name: "Al", email: "al@example.com", resourceId: resource.id });
    expect(answer.status).toBe(200);
    expect(answer.result).toMatchObject({
      status: "success",
      lead: { name: "Al", email: "al@example.com", resourceId: resource.id, resourceTitle: resource.title },
    });
    const lead = answer.result.status === "success" ? answer.result.lead : undefined;
    expect(lead?.downloadedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const rows = await h.rows("resource_leads");
    expect(Object.keys(rows[0]!).sort()).toEqual(columns("downloaded_at", "email", "id", "name", "resource_id", "resource_title"));
    expect(rows[0]).toMatchObject({ name: "Al", email: "al@example.com", resource_id: resource.id, resource_title: resource.title });
  });

  it("answers 400 with each validation message and keeps what was typed", async () => {
    const bad = await h.post("/forms/contact", { name: "", email: "nope", companyName: "Acme", message: " " });
    expect(bad.status).toBe(400);
    expect(bad.result).toEqual({
      status: "invalid",
      message: null,
      fieldErrors: { name: "Please enter your full name", email: "Please enter a valid email address", message: "Please enter a message" },
      // What was typed comes back to be shown again (an empty field stays empty).
      values: { email: "nope", companyName: "Acme", message: " " },
    });

    const missing = await h.post("/forms/feature-request", { ...feature, featureTitle: "" });
    expect(missing.status).toBe(400);
    expect(missing.result).toMatchObject({
      status: "invalid",
      message: "Please fill in all required fields",
      fieldErrors: { featureTitle: "Please enter a feature title" },
    });

    const download = await h.post("/forms/download", { name: "A", email: "a@", resourceId: resource.id });
    expect(download.status).toBe(400);
    expect(download.result).toMatchObject({
      fieldErrors: { name: "Name must be at least 2 characters", email: "Please enter a valid email address" },
    });

    const unknown = await h.post("/forms/download", { name: "Al", email: "al@example.com", resourceId: "no-such-thing" });
    expect(unknown.status).toBe(400);
    expect(unknown.result).toMatchObject({ fieldErrors: { resourceId: "Please choose a resource" } });

    const newsletter = await h.post("/forms/newsletter", { email: "" });
    expect(newsletter.status).toBe(400);

    const tooLong = await h.post("/forms/contact", { ...contact, message: "x".repeat(5001) });
    expect(tooLong.result).toMatchObject({ fieldErrors: { message: "Message must be at most 5000 characters" } });
    expect(await h.rows("contact_requests")).toHaveLength(1);
  });

  it("refuses a body over the limit with 413, declared or streamed", async () => {
    const huge = { ...contact, message: "x".repeat(MAX_BODY_BYTES) };
    const declared = await h.post("/forms/contact", huge);
    expect(declared.status).toBe(413);
    expect(declared.result).toMatchObject({ status: "error", reason: "too-large" });

    const chunk = new TextEncoder().encode("message=" + "y".repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const streamed = await h.post("/forms/contact", {}, { body: stream });
    expect(streamed.status).toBe(413);
    expect(await h.rows("contact_requests")).toHaveLength(1);
  });

  it("holds a submission whose honeypot is filled in as spam, answering as if it worked", async () => {
    const answer = await h.post("/forms/contact", { ...contact, email: "bot@example.com", website: "https://spam.example" });
    expect(answer).toMatchObject({ status: 200, result: { status: "success" } });
    const rows = await h.rows("contact_requests");
    expect(rows.map((row) => row.email)).not.toContain("bot@example.com");
    expect((await h.rows("spam_posts")).map((row) => row.email)).toContain("bot@example.com");
  });

  it("enforces the database's own rules even if the code did not", async () => {
    const { db } = h.handle;
    const { contactRequests, newsletterSubscribers } = await import("~/features/leads/index.server");
    await expect(db.insert(contactRequests).values({ name: "X", email: "not-an-email", message: "m" })).rejects.toThrow();
    await expect(db.insert(contactRequests).values({ name: " ", email: "x@example.com", message: "m" })).rejects.toThrow();
    await expect(db.insert(newsletterSubscribers).values({ email: "x@example.com", source: "nowhere" })).rejects.toThrow();
  });
});

describe.each<Driver>(["pglite", "postgres"])("rate limits on %s", (driver) => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness(driver, { max: 3, windowSeconds: 600 });
  });
  afterAll(async () => {
    await h?.close();
  });

  it("answers 429 to one address past the limit while another address still succeeds", async () => {
    const flood = "198.51.100.23";
    for (let i = 0; i < 3; i++) {
      expect((await h.post("/forms/newsletter", { email: `flood${i}@example.com` }, { address: flood })).status).toBe(200);
    }
    const refused = await h.post("/forms/newsletter", { email: "flood9@example.com" }, { address: flood });
    expect(refused.status).toBe(429);
    expect(refused.result).toMatchObject({ status: "error", reason: "rate-limited", values: { email: "flood9@example.com" } });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);

    const other = await h.post("/forms/newsletter", { email: "someone@example.com" }, { address: "2001:db8::1" });
    expect(other.status).toBe(200);
    // Each form has its own budget.
    expect((await h.post("/forms/contact", contact, { address: flood })).status).toBe(200);
    expect((await h.rows("newsletter_subscribers")).map((row) => row.email)).toEqual([
      "flood0@example.com",
      "flood1@example.com",
      "flood2@example.com",
      "someone@example.com",
    ]);
  });

  it("keeps only keyed hashes of addresses, expiring within 24 hours", async () => {
    const rows = await h.rows("rate_limit_hits");
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.address_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain("198.51.100.23");
      expect(new Date(row.expires_at as string).getTime()).toBeLessThanOrEqual(Date.now() + 86_400_000);
    }
  });
});

// The contact and feature-request forms mail whatever address is typed: posted from many clients with one victim's
// address, through the built server as a browser without JavaScript posts them, every request is stored and the team
// hears of each, but the address gets one acknowledgement an hour from each form, and the visitor's answer never shows it.
describe("acknowledgements to one address through the built server", () => {
  let pg: TestDatabase;
  let server: RunningServer;
  let sql: postgres.Sql;

  beforeAll(async () => {
    pg = await createTestDatabase();
    server = await startServer({ DATABASE_URL: pg.url, TRUST_PROXY: "loopback" });
    sql = postgres(pg.url, { max: 1, onnotice: () => {} });
  }, 180_000);
  afterAll(async () => {
    await sql?.end({ timeout: 1 });
    await server?.stop();
    await pg?.destroy();
  });

  it("stores every post and tells the team of each, but acknowledges an address once an hour per form, answering alike", async () => {
    const victim = "victim@example.com";
    const spellings = [victim, "Victim@Example.com", "VICTIM@EXAMPLE.COM"];
    const POSTS = 6;
    const forms = [
      {
        path: "/forms/contact",
        table: "contact_requests",
        kind: "contact",
        fields: (i: number) => ({ ...contact, message: `Message ${i}` }),
      },
      {
        path: "/forms/feature-request",
        table: "feature_requests",
        kind: "feature-request",
        fields: (i: number) => ({ ...feature, featureTitle: `Feature ${i}` }),
      },
    ] as const;
    for (const form of forms) {
      const answers: string[] = [];
      for (let i = 0; i < POSTS; i++) {
        const response = await fetch(`${server.url}${form.path}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": `198.51.100.${40 + i}` },
          body: new URLSearchParams({ website: "", ...form.fields(i), email: spellings[i % spellings.length]! }),
        });
        expect(response.status, `${form.path} ${i}`).toBe(200);
        // The same page each time, but for the nonce of its inline scripts.
        answers.push((await response.text()).replace(/nonce="[^"]*"/g, ""));
      }
      expect(new Set(answers).size, form.path).toBe(1);
      expect(answers[0]).toContain(FORM_MESSAGES[form.kind].success.title);

      const stored = await sql`SELECT count(*)::int AS n FROM ${sql(form.table)} WHERE lower(email) = ${victim}`;
      expect(stored, form.path).toEqual([{ n: POSTS }]);
      const jobs = async (kind: string) =>
        (
          await sql`SELECT count(*)::int AS n FROM outbox WHERE kind = ${kind} AND lower(recipient) = ${victim}
          AND (payload->'props'->>'kind' = ${form.kind} OR ${kind} <> 'mail:request-received')`
        )[0]!.n as number;
      expect(await jobs("mail:request-received"), form.path).toBe(1);
      // The team's notices, the contact form's six and then the feature request's six too.
      expect(await jobs("mail:team-notification"), form.path).toBe(POSTS * (forms.indexOf(form) + 1));
    }
  });

  it("answers the page script's post (Accept: application/json) with the result and its notice as JSON, a browser's with the page", async () => {
    const cases: {
      path: string;
      fields: Record<string, string>;
      status: number;
      answer: Record<string, unknown> & { notice?: { title: string } };
    }[] = [
      {
        path: "/forms/contact",
        fields: { ...contact, email: "json@example.com" },
        status: 200,
        answer: { status: "success", notice: FORM_MESSAGES.contact.success },
      },
      {
        path: "/forms/contact",
        fields: { ...contact, name: "", email: "nope" },
        status: 400,
        answer: {
          status: "invalid",
          message: null,
          reply: { error: { name: ["Please enter your full name"], email: ["Please enter a valid email address"] } },
        },
      },
      {
        path: "/forms/feature-request",
        fields: { ...feature, featureTitle: "" },
        status: 400,
        answer: {
          status: "invalid",
          message: "Please fill in all required fields",
          notice: { title: "Please fill in all required fields" },
        },
      },
      {
        path: `/forms/download?resource=${resource!.id}`,
        fields: { name: "Al", email: "al@example.com", resourceId: resource!.id },
        status: 200,
        answer: {
          status: "success",
          lead: { name: "Al", resourceId: resource!.id, resourceTitle: resource!.title },
          notice: FORM_MESSAGES.download.success,
        },
      },
    ];
    for (const [i, { path, fields, status, answer }] of cases.entries()) {
      const post = (accept: string) =>
        fetch(`${server.url}${path}`, {
          method: "POST",
          headers: { Accept: accept, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": `198.51.100.${140 + i}` },
          body: new URLSearchParams({ website: "", ...fields }),
        });
      const json = await post("application/json");
      expect(json.status, path).toBe(status);
      expect(json.headers.get("Content-Type"), path).toMatch(/^application\/json/);
      expect(json.headers.get("Cache-Control"), path).toBe("no-store");
      expect(await json.json(), path).toMatchObject(answer);
      // Without JavaScript the same post is answered with the form's page, which says the same.
      const page = await post("text/html,application/xhtml+xml,*/*;q=0.8");
      expect(page.status, path).toBe(status);
      expect(page.headers.get("Content-Type"), path).toMatch(/^text\/html/);
      if (answer.notice) expect(await page.text(), path).toContain(answer.notice.title);
    }
  });
});
