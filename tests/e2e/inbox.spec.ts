import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { expectNoAxeViolations } from "./support/axe";
import { expect, firstRow, signIn, test, uniqueEmail } from "./support/inbox-fixture";
import { storeTheme } from "./support/theme";
import type { InboxWorld } from "./support/worlds";

// The operator inbox as the team uses it, in the browser: sign in (and the limits around it), find leads, handle them,
// export them, answer a data-subject request, sign out. Rows are read and written beside it in PostgreSQL.

const PUBLIC_FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/** A download link's mail that gave up after its five attempts: counted on the Outbox link. */
const failedMail = (inbox: InboxWorld, recipient: string, error: string) =>
  inbox.sql`INSERT INTO outbox (kind, recipient, payload, status, attempts, last_error)
    VALUES ('download-link', ${recipient}, '{}', 'failed', 5, ${error})`;

/** A contact post the spam checks held (honeypot filled): counted on the Spam link. */
const heldSpam = (inbox: InboxWorld, name: string, email: string) =>
  inbox.sql`INSERT INTO spam_posts (form, reasons, fields, email, visit)
    VALUES ('contact', '["honeypot-filled"]', ${inbox.sql.json({ name, email, message: "Cheap", website: "x" })}, ${email}, '{}')`;

test.describe("signing in", () => {
  test("a wrong password gets a clear message and no way in", async ({ page, inbox }) => {
    await page.goto("/inbox/sign-in");
    await page.getByLabel("Email address").fill(inbox.operator.email);
    await page.getByLabel("Password").fill("not the right passphrase");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("The email address or password is incorrect.");
    await expect(page.getByLabel("Email address")).toHaveValue(inbox.operator.email);
    await expect(page.getByLabel("Password")).toHaveValue("");
    await page.goto("/inbox");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  });

  test("an editor lands on the posts, with no lead, count or lead page in reach", async ({ page, inbox }) => {
    await page.goto("/inbox/sign-in");
    await page.getByLabel("Email address").fill(inbox.editor.email);
    await page.getByLabel("Password").fill(inbox.editor.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/blog-admin");
    await expect(page.getByRole("heading", { level: 1, name: "Posts" })).toBeVisible();
    const menu = page.getByRole("navigation", { name: "Inbox" });
    // The reports are an editor's too, without their lead tables (tests/server/inbox-access.test.ts).
    await expect(menu.getByRole("link")).toHaveText(["Posts", "Site content", "Newsletter", "Redirects", "Reports"]);
    // From md up the account is the signed-in address beside Sign out, out of the sections' row.
    await expect(page.getByRole("banner").getByRole("link", { name: `Account: ${inbox.editor.email}` })).toHaveAttribute(
      "href",
      "/inbox/account",
    );
    const outbox = await page.goto("/inbox/outbox");
    expect(outbox?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This request was refused");
    await expect(page.getByText("This account (editor) cannot open this page.")).toBeVisible();
  });

  test("repeated failures lock the account, even against the right password, and say for how long", async ({ page, inbox }) => {
    await page.goto("/inbox/sign-in");
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByLabel("Email address").fill(inbox.lockable.email);
      await page.getByLabel("Password").fill(`wrong passphrase number ${attempt}`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert")).toHaveText("The email address or password is incorrect.");
    }
    await page.getByLabel("Email address").fill(inbox.lockable.email);
    await page.getByLabel("Password").fill(inbox.lockable.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText(/^Too many failed sign-ins\. Please wait \d+ minutes? and try again\.$/);
    await expect(page).toHaveURL(/\/inbox\/sign-in/);
    const [audit] =
      await inbox.sql`SELECT count(*)::int AS failures FROM audit_log WHERE actor = ${inbox.lockable.email} AND action = 'sign-in-failed'`;
    expect(audit?.failures).toBe(5);
  });

  test("signs in, returns to the page asked for, and signs out", async ({ page, inbox }) => {
    await page.goto("/inbox/audit");
    await expect(page).toHaveURL(/\/inbox\/sign-in\?next=%2Finbox%2Faudit$/);
    await page.getByLabel("Email address").fill(inbox.operator.email);
    await page.getByLabel("Password").fill(inbox.operator.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Audit log" })).toContainText("Signed in");

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/inbox\/sign-in\?reason=signed-out$/);
    await expect(page.getByRole("status")).toHaveText("You have signed out.");
    await page.goto("/inbox");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  });
});

test("signing out everywhere ends the other browsers' sessions too", async ({ page, browser, inbox }) => {
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  try {
    await signIn(otherPage, inbox.operator);
    await signIn(page, inbox.operator);
    await page.goto("/inbox/account");
    await expect(page.getByRole("heading", { name: /^Signed in on \d+ browsers$/ })).toBeVisible();
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page.getByRole("status")).toHaveText("You have signed out.");
    await otherPage.goto("/inbox");
    await expect(otherPage.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expect(otherPage.getByRole("status")).toHaveText("Your session has expired. Please sign in again.");
  } finally {
    await other.close();
  }
});

test.describe("the leads", () => {
  test.describe("from a visitor's own browser", () => {
    // A visitor's browser of its own: the team's sign-ins in this worker make their browser staff, whose visits the
    // server does not count (docs/decisions/021), and the lead's landing page comes from the counted visit.
    test.use({
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 attributed",
    });
    test("a lead sent through the public form shows where its visit came from", async ({ page, inbox }) => {
      const email = uniqueEmail("attributed");
      // The visit lands on /pricing from a campaign link, then writes from /contact.
      await page.goto("/pricing?utm_source=newsletter&utm_medium=email&utm_campaign=spring-launch");
      await page.goto("/contact");
      const form = page.getByRole("form", { name: "Contact form" });
      await form.getByLabel("Full name").fill("Attributed Visitor");
      await form.getByLabel("Email address").fill(email);
      await form.getByLabel("Message").fill("We came from your newsletter.");
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Message sent!" })).toBeVisible();

      await signIn(page, inbox.operator);
      await page.getByLabel("Search").fill(email);
      await page.getByRole("button", { name: "Apply filters" }).click();
      const leads = page.getByRole("list", { name: "Leads" });
      await expect(leads.getByRole("listitem")).toHaveCount(1);
      await expect(leads).toContainText("newsletter / email · spring-launch · landed on /pricing");
      await leads.getByRole("link", { name: "Attributed Visitor" }).click();
      const origin = page.getByRole("region", { name: "Where the visit came from" });
      await expect(origin).toContainText("Landing page/pricing");
      await expect(origin).toContainText("utm_campaignspring-launch");
      // Each value lists every lead that came the same way.
      await origin.getByRole("link", { name: /spring-launch/ }).click();
      await expect(page.getByLabel("Came from")).toHaveValue("spring-launch");
      await expect(page.getByRole("list", { name: "Leads" })).toContainText(email);
    });
  });

  test("an address search leaves no address in any URL: not the page's, not a request's, not a redirect's", async ({ page, inbox }) => {
    const email = uniqueEmail("searched");
    await inbox.sql`
      INSERT INTO contact_requests (name, email, message, created_at)
      SELECT 'Searched ' || n, ${email}, 'Message ' || n, now() - make_interval(mins => n) FROM generate_series(1, 55) AS n`;
    await signIn(page, inbox.operator);
    const urls: string[] = [];
    page.on("request", (request) => urls.push(request.url(), request.headers()["referer"] ?? ""));
    page.on("response", (response) => urls.push(response.headers()["location"] ?? ""));

    await page.getByLabel("Search").fill(email);
    await page.getByLabel("Type").selectOption("contact");
    await page.getByRole("button", { name: "Apply filters" }).click();
    const leads = page.getByRole("list", { name: "Leads" });
    await expect(page.getByText(/^55 leads match/)).toBeVisible();
    await expect(leads.getByRole("listitem")).toHaveCount(50);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(leads.getByRole("listitem")).toHaveCount(5);
    await expect(page.getByLabel("Search")).toHaveValue(email);
    await expect(page.getByLabel("Type")).toHaveValue("contact");
    // What the page itself links to or posts to never carries it either.
    const local = email.split("@")[0]!;
    const targets = await page
      .locator("a[href], form[action]")
      .evaluateAll((elements) => elements.map((element) => element.getAttribute("href") ?? element.getAttribute("action") ?? ""));
    expect(targets.length).toBeGreaterThan(10);
    expect(targets.filter((target) => decodeURIComponent(target).includes(local))).toEqual([]);
    await leads.getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Searched");

    expect(urls.length).toBeGreaterThan(3);
    for (const url of [...urls, page.url()]) expect(decodeURIComponent(url).toLowerCase()).not.toContain(local);
  });

  test("search and filters narrow the list, 50 to a page", async ({ page, inbox }) => {
    const tag = `Tag${Date.now().toString(36)}`;
    await inbox.sql`
      INSERT INTO contact_requests (name, email, company_name, message, created_at, referrer, stage, stage_by)
      SELECT 'Person ' || n, 'p' || n || '.' || ${tag.toLowerCase()} || '@example.com', ${tag}, 'Message ' || n,
             timestamptz '2026-02-01T12:00:00Z' + make_interval(hours => n), CASE WHEN n <= 10 THEN 'partner.example.org' END,
             CASE WHEN n % 4 = 0 THEN 'qualified' ELSE 'new' END, CASE WHEN n % 4 = 0 THEN 'ops@example.com' END
      FROM generate_series(1, 60) AS n`;
    await inbox.sql`INSERT INTO feature_requests (name, email, company, feature_title, description, created_at)
      VALUES ('Feature Person', ${`f.${tag.toLowerCase()}@example.com`}, ${tag}, 'Calendar sync', 'Sync it', '2026-02-10T09:00:00Z')`;
    await signIn(page, inbox.operator);

    const leads = page.getByRole("list", { name: "Leads" });
    const apply = () => page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByLabel("Search").fill(tag.toUpperCase());
    await apply();
    await expect(page.getByText(/^61 leads match these filters/)).toBeVisible();
    await expect(leads.getByRole("listitem")).toHaveCount(50);
    await expect(leads.getByRole("listitem").first()).toContainText("Feature Person");
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(leads.getByRole("listitem")).toHaveCount(11);
    await expect(page.getByLabel("Search")).toHaveValue(tag.toUpperCase());

    await page.getByLabel("Type").selectOption("feature-request");
    await apply();
    await expect(leads.getByRole("listitem")).toHaveCount(1);
    await page.getByLabel("Type").selectOption("contact");
    await page.getByLabel("Stage").selectOption("qualified");
    await apply();
    await expect(page.getByText(/^15 leads match/)).toBeVisible();
    await page.getByLabel("Stage").selectOption("new");
    await page.getByLabel("From (UTC)").fill("2026-02-02");
    await page.getByLabel("To (UTC)").fill("2026-02-02");
    await apply();
    // Hours 12 to 35 after Feb 1, 12:00 fall on Feb 2; of those 24, six were qualified.
    await expect(page.getByText(/^18 leads match/)).toBeVisible();
    await page.getByRole("link", { name: "Clear" }).click();
    await page.getByLabel("Search").fill(tag);
    await page.getByLabel("Came from").fill("partner.example");
    await apply();
    await expect(page.getByText(/^10 leads match/)).toBeVisible();
    await expect(leads).toContainText("from partner.example.org");
  });

  test("moving a lead records who and when; each note is kept on its timeline", async ({ page, inbox }) => {
    const email = uniqueEmail("moved");
    const { id } = await firstRow(inbox.sql<{ id: number }[]>`INSERT INTO feature_requests (name, email, feature_title, description)
      VALUES ('Grace Hopper', ${email}, 'HubSpot sync', 'Push meetings to HubSpot') RETURNING id::int`);
    await signIn(page, inbox.operator);
    await page.goto(`/inbox/leads/feature-request/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Grace Hopper" })).toBeVisible();
    await expect(page.getByText("New: nobody has moved this lead yet.")).toBeVisible();

    await page.getByLabel("Move to").selectOption("contacted");
    await page.getByRole("button", { name: "Move" }).click();
    await expect(page.getByRole("status")).toHaveText("Moved to Contacted.");
    await expect(page.getByText(/^Contacted since \w{3} \d+, \d{4}, .+ UTC, set by ops@example\.com\.$/)).toBeVisible();
    await page.getByRole("textbox", { name: "New note" }).fill("Called back, wants a demo next week.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByRole("status")).toHaveText("Note added.");
    await expect(page.getByRole("list", { name: "Notes, newest first" })).toContainText("Called back, wants a demo next week.");
    const [row] = await inbox.sql`SELECT stage, stage_by, notes->0->>'text' AS note FROM feature_requests WHERE id = ${id}`;
    expect(row).toEqual({ stage: "contacted", stage_by: "ops@example.com", note: "Called back, wants a demo next week." });

    await page.getByLabel("Move to").selectOption("new");
    await page.getByRole("button", { name: "Move" }).click();
    await expect(page.getByRole("status")).toHaveText("Moved to New.");
    expect(await inbox.sql`SELECT stage FROM feature_requests WHERE id = ${id}`).toEqual([{ stage: "new" }]);
  });

  test("the CSV export holds exactly the rows of the current filter, formula-safe", async ({ page, inbox }) => {
    const tag = `Export${Date.now().toString(36)}`;
    await inbox.sql`
      INSERT INTO contact_requests (name, email, company_name, message, utm_source)
      SELECT CASE WHEN n = 2 THEN '=HYPERLINK("x")' ELSE 'Exported ' || n END, 'e' || n || '.' || ${tag.toLowerCase()} || '@example.com',
             ${tag}, 'Line one' || chr(10) || 'line, two "quoted"', CASE WHEN n % 2 = 0 THEN 'linkedin' END
      FROM generate_series(1, 70) AS n`;
    await signIn(page, inbox.operator);
    await page.getByLabel("Search").fill(tag);
    await page.getByLabel("Came from").fill("linkedin");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page.getByText(/^35 leads match/)).toBeVisible();

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV (35 rows)" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse(readFileSync((await file.path())!, "utf8"), { columns: true }) as Record<string, string>[];

    const expected = await inbox.sql`SELECT id::text, name, email, message FROM contact_requests
      WHERE company_name = ${tag} AND utm_source = 'linkedin' ORDER BY created_at DESC, contact_requests.id DESC`;
    expect(rows.map((row) => ({ id: row.id, email: row.email, message: row.message }))).toEqual(
      expected.map((row) => ({ id: row.id, email: row.email, message: row.message })),
    );
    expect(rows.every((row) => row.type === "contact" && row.utm_source === "linkedin" && row.stage === "new")).toBe(true);
    // A name a spreadsheet would run as a formula arrives defused, as in `npm run db:export`.
    expect(rows.filter((row) => row.name?.includes("HYPERLINK")).map((row) => row.name)).toEqual([`'=HYPERLINK("x")`]);

    const [audit] = await inbox.sql`SELECT detail FROM audit_log WHERE action = 'export' ORDER BY id DESC LIMIT 1`;
    expect(audit?.detail).toEqual({ rows: 35, filters: ["search", "came from"] });
  });
});

test.describe("data requests", () => {
  test("shows everything about an address, then erases it so no table holds a row about it", async ({ page, inbox, baseURL }) => {
    const email = uniqueEmail("subject");
    const post = (path: string, form: Record<string, string>) =>
      page.request.post(path, { headers: { ...PUBLIC_FORM, Origin: baseURL! }, form: { website: "", ...form } });
    expect((await post("/forms/contact", { name: "Data Subject", email, message: "Please call me" })).ok()).toBe(true);
    expect((await post("/forms/feature-request", { name: "Data Subject", email, featureTitle: "Export", description: "CSV" })).ok()).toBe(
      true,
    );
    expect((await post("/forms/newsletter", { email: email.toUpperCase(), source: "/blog" })).ok()).toBe(true);
    expect(
      (await post("/forms/download?resource=outreach-checklist", { name: "Data Subject", email, resourceId: "outreach-checklist" })).ok(),
    ).toBe(true);
    /** Rows that mention the address, in every table of the database (so a table added later is covered too). */
    const rowsAbout = async () => {
      const tables =
        await inbox.sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`;
      const counts: Record<string, number> = {};
      for (const { table_name: table } of tables) {
        const [row] =
          await inbox.sql`SELECT count(*)::int AS n FROM ${inbox.sql(table)} AS t WHERE row_to_json(t)::text ILIKE ${`%${email}%`}`;
        if (row!.n > 0) counts[table] = row!.n;
      }
      return counts;
    };
    // The emails and notifications the four posts queued (a receipt or confirmation each, the team's notices), and two
    // more added here: one that failed, one sent.
    const queued = (await rowsAbout()).outbox ?? 0;
    expect(queued).toBeGreaterThanOrEqual(4);
    const jobs = queued + 2;
    await inbox.sql`INSERT INTO outbox (kind, recipient, payload, status, attempts, last_error)
      VALUES ('contact-acknowledgement', ${email}, ${inbox.sql.json({ to: email })}, 'failed', 5, 'SMTP 550'),
             ('team-notification', NULL, ${inbox.sql.json({ replyTo: email, name: "Data Subject" })}, 'sent', 1, NULL)`;

    expect(await rowsAbout()).toEqual({
      contact_requests: 1,
      feature_requests: 1,
      newsletter_subscribers: 1,
      resource_leads: 1,
      outbox: jobs,
    });

    await signIn(page, inbox.operator);
    await page.getByRole("navigation", { name: "Inbox" }).getByRole("link", { name: "Data requests" }).click();
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Look up" }).click();
    // Without SMTP_URL the server writes mail as .eml files: as many as were delivered by now, each counted.
    const stored = `Stored about ${email}: ${4 + jobs} rows: 1 in Contact requests, 1 in Feature requests, 1 in Newsletter subscriptions, 1 in Downloads, ${jobs} in Emails and webhooks (outbox);`;
    await expect(page.getByRole("status")).toHaveText(
      new RegExp(`^${stored.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\d+ mail files? \\(\\.eml, written without an SMTP server\\)\\.$`),
    );
    await expect(page.getByRole("region", { name: "Contact requests: 1 row" })).toContainText("Please call me");
    await expect(page.getByRole("region", { name: `Emails and webhooks (outbox): ${jobs} rows` })).toContainText("SMTP 550");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download as JSON" }).click();
    const json = JSON.parse(readFileSync((await (await download).path())!, "utf8")) as {
      address: string;
      tables: Record<string, unknown[]>;
    };
    expect(json.address).toBe(email);
    expect(Object.fromEntries(Object.entries(json.tables).map(([table, rows]) => [table, rows.length]))).toEqual({
      contact_requests: 1,
      // No demo booked here: tests/server/inbox-data.test.ts finds and erases a booking's rows.
      demo_booking_events: 0,
      demo_bookings: 0,
      demo_leads: 0,
      feature_requests: 1,
      newsletter_deliveries: 0,
      newsletter_subscribers: 1,
      resource_leads: 1,
      outbox: jobs,
      spam_posts: 0,
      email_suppressions: 0,
      email_soft_bounces: 0,
      roadmap_votes: 0,
      roadmap_notice_deliveries: 0,
      roadmap_withdrawals: 0,
    });

    await page.getByRole("button", { name: "Erase everything…" }).click();
    await expect(page.getByRole("heading", { name: `Erase everything about ${email}?` })).toBeVisible();
    await page.getByRole("button", { name: "Erase permanently" }).click();
    await expect(page.getByRole("status")).toContainText(`Erased ${4 + jobs} rows: 1 in Contact requests`);
    expect(await rowsAbout()).toEqual({});

    await page.getByRole("link", { name: "Audit log" }).click();
    const audit = page.getByRole("list", { name: "Audit log" });
    await expect(audit.getByRole("listitem").filter({ hasText: "Erased an address" })).toContainText("1 in contact requests");
    await expect(audit).not.toContainText(email);
  });
});

test.describe("spam", () => {
  test("a post held as spam is listed with why, and Not spam makes it a lead once", async ({ page, inbox, baseURL }) => {
    const email = uniqueEmail("held");
    const posted = await page.request.post("/forms/contact", {
      headers: { ...PUBLIC_FORM, Origin: baseURL! },
      form: { name: "Held Visitor", email, message: "My browser filled a field I never saw", website: "autofilled" },
    });
    expect(posted.ok()).toBe(true);
    expect(await inbox.sql`SELECT id FROM contact_requests WHERE email = ${email}`).toHaveLength(0);

    await signIn(page, inbox.operator);
    await page.getByRole("navigation", { name: "Inbox" }).getByRole("link", { name: /^Spam/ }).click();
    const held = page.getByRole("list", { name: "Held posts" }).getByRole("listitem").filter({ hasText: email });
    await expect(held).toContainText("Filled in the hidden field");
    await expect(held).toContainText("My browser filled a field I never saw");
    await held.getByRole("button", { name: "Not spam" }).click();
    await expect(page.getByRole("status")).toHaveText("Stored as a lead; its emails and the team's notice are on their way.");
    await expect(page.getByRole("list", { name: "Held posts" }).getByRole("listitem").filter({ hasText: email })).toHaveCount(0);
    expect(await inbox.sql`SELECT name FROM contact_requests WHERE email = ${email}`).toEqual([{ name: "Held Visitor" }]);
    expect(await inbox.sql`SELECT kind FROM outbox WHERE recipient = ${email} ORDER BY id`).toEqual([
      { kind: "mail:request-received" },
      { kind: "mail:team-notification" },
    ]);
  });
});

test.describe("the outbox", () => {
  test("shows each job's state, attempts and last error, and counts the failed ones", async ({ page, inbox }) => {
    const recipient = uniqueEmail("outbox");
    await failedMail(inbox, recipient, "Connection refused by mail.example.com");
    await signIn(page, inbox.operator);
    const { failed } = await firstRow(inbox.sql<{ failed: number }[]>`SELECT count(*)::int AS failed FROM outbox WHERE status = 'failed'`);
    const nav = page.getByRole("navigation", { name: "Inbox" });
    await expect(nav.getByRole("link", { name: `Outbox ${failed} failed` })).toBeVisible();
    await nav.getByRole("link", { name: /^Outbox/ }).click();
    // The state the delivery alerts report, at the top.
    await expect(page.getByRole("alert")).toContainText(
      `Delivery needs attention: ${failed} ${failed === 1 ? "job" : "jobs"} failed for good.`,
    );
    await page.getByRole("link", { name: /^Failed \(\d+\)$/ }).click();
    const job = page.getByRole("list", { name: "Jobs" }).getByRole("listitem").filter({ hasText: recipient });
    await expect(job).toContainText("Failed");
    await expect(job).toContainText("5 attempts");
    await expect(job).toContainText("Connection refused by mail.example.com");
  });

  test("lists the addresses that get no mail, with the reason and what the mail server said", async ({ page, inbox }) => {
    const bounced = uniqueEmail("bounced");
    const complained = uniqueEmail("complained");
    await inbox.sql`INSERT INTO email_suppressions (email, reason, detail, source)
      VALUES (${bounced}, 'hard-bounce', '550 5.1.1 No such user here', 'smtp'), (${complained}, 'complaint', 'marked as spam', 'webhook')`;
    await inbox.sql`INSERT INTO outbox (kind, recipient, payload, status, attempts, last_error)
      VALUES ('mail:request-received', ${bounced}, '{}', 'suppressed', 1, 'the address is on the do-not-mail list (a bounce or a complaint)')`;
    await signIn(page, inbox.operator);
    await page.goto("/inbox/outbox");
    const list = page.getByRole("list", { name: "Addresses that get no mail" });
    await expect(list.getByRole("listitem").filter({ hasText: bounced })).toContainText("Hard bounce (our mail server)");
    await expect(list.getByRole("listitem").filter({ hasText: bounced })).toContainText("550 5.1.1 No such user here");
    await expect(list.getByRole("listitem").filter({ hasText: complained })).toContainText("Marked as spam (the mail provider)");
    await page.getByRole("link", { name: /^Not sent: do not mail \(\d+\)$/ }).click();
    const job = page.getByRole("list", { name: "Jobs" }).getByRole("listitem").filter({ hasText: bounced });
    await expect(job).toContainText("Not sent: do not mail");
    await expect(job).toContainText("the address is on the do-not-mail list");
  });
});

test.describe("accessibility", { tag: "@mobile" }, () => {
  for (const theme of ["light", "dark"] as const) {
    test(`axe finds nothing on the inbox's pages in the ${theme} theme`, async ({ page, inbox }) => {
      // Ten pages, each read by axe (2-3 s apiece beside the server tests): three times the default 30 s.
      test.slow();
      const { id } = await firstRow(inbox.sql<
        { id: number }[]
      >`INSERT INTO contact_requests (name, email, message, landing_page, utm_source)
        VALUES ('Axe Person', ${uniqueEmail("axe")}, 'A message', '/pricing', 'linkedin') RETURNING id::int`);
      await heldSpam(inbox, "Axe Bot", "axe.bot@example.com");
      await storeTheme(page, theme);
      await page.goto("/inbox/sign-in");
      await expect(page.locator("html")).toHaveClass(new RegExp(theme));
      await expectNoAxeViolations(page);
      await signIn(page, inbox.operator);
      for (const path of [
        "/inbox",
        `/inbox/leads/contact/${id}`,
        "/inbox/board",
        "/inbox/outbox",
        "/inbox/spam",
        "/inbox/reports",
        "/inbox/requests",
        "/inbox/audit",
        "/inbox/account",
      ]) {
        await page.goto(path);
        await expectNoAxeViolations(page);
        // Wide tables scroll inside their card; the page itself never scrolls sideways.
        const widest = await page.evaluate(() =>
          Math.max(...[...document.querySelectorAll("main, section")].map((box) => box.getBoundingClientRect().right)),
        );
        expect(widest, `${path} is wider than the screen`).toBeLessThanOrEqual(page.viewportSize()!.width);
      }
      await page.goto("/inbox/requests");
      await page.getByLabel("Email address").fill("nobody@example.com");
      await page.getByRole("button", { name: "Look up" }).click();
      await expect(page.getByRole("status")).toContainText("no rows");
      await expectNoAxeViolations(page);
    });
  }

  test("the account is one link at every width, and at 1280 px the sections fit one row", async ({ page, inbox }) => {
    // Every count showing (new leads, failed mail, held spam), as on a busy day: the widest the row gets.
    await inbox.sql`INSERT INTO contact_requests (name, email, message) VALUES ('Row Person', ${uniqueEmail("row")}, 'Hi')`;
    await failedMail(inbox, uniqueEmail("row"), "Connection refused");
    await heldSpam(inbox, "Row Bot", "row.bot@example.com");
    await signIn(page, inbox.operator);
    const account = page.locator('a[href="/inbox/account"]:visible');
    await expect(account).toHaveCount(1);
    await expect(account).toHaveAccessibleName(/^Account/);
    if (page.viewportSize()!.width >= 1280) {
      // Measured in the site's font: the fallback's wider glyphs would wrap a row that fits.
      await page.evaluate(() => document.fonts.ready);
      const rows = await page
        .getByRole("navigation", { name: "Inbox" })
        .getByRole("link")
        .evaluateAll((links) => new Set(links.map((link) => link.getBoundingClientRect().top)).size);
      expect(rows).toBe(1);
    }
  });

  test("the keyboard reaches the content first, then every control", async ({ page, inbox }) => {
    await inbox.sql`INSERT INTO contact_requests (name, email, message) VALUES ('Keyboard Person', ${uniqueEmail("keys")}, 'Hi')`;
    await signIn(page, inbox.operator);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: /^Export CSV/ })).toBeFocused();
  });
});
