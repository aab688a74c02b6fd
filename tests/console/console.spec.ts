import type { Locator } from "@playwright/test";
import { expectNoAxeViolations } from "../support/browser/axe";
import { expect, firstRow, signIn, test, uniqueEmail } from "../support/browser/console-fixture";
import { switchTheme } from "../support/browser/theme";
import type { ConsoleWorld } from "../support/browser/worlds";

// The console as the team uses it, in the browser: sign in (and the limits around it), find leads, handle them,
// export them, answer a data-subject request, sign out. Rows are read and written beside it in PostgreSQL.

const PUBLIC_FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/** A download link's mail that gave up after its five attempts: counted on the Outbox link. */
const failedMail = (world: ConsoleWorld, recipient: string, error: string) =>
  world.sql`INSERT INTO outbox (kind, recipient, payload, status, attempts, last_error)
    VALUES ('download-link', ${recipient}, '{}', 'failed', 5, ${error})`;

/** A contact post the spam checks held (honeypot filled): counted on the Spam link. */
const heldSpam = (world: ConsoleWorld, name: string, email: string) =>
  world.sql`INSERT INTO spam_posts (form, reasons, fields, email, visit)
    VALUES ('contact', '["honeypot-filled"]', ${world.sql.json({ name, email, message: "Cheap", website: "x" })}, ${email}, '{}')`;

test.describe("signing in", () => {
  test("a wrong password gets a clear message and no way in; the right one returns to the page asked for; signing out ends it", async ({
    page,
    world,
  }) => {
    await page.goto("/console/sign-in");
    await page.getByLabel("Email address").fill(world.operator.email);
    await page.getByLabel("Password").fill("not the right passphrase");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("The email address or password is incorrect.");
    await expect(page.getByLabel("Email address")).toHaveValue(world.operator.email);
    await expect(page.getByLabel("Password")).toHaveValue("");
    await page.goto("/console/leads");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();

    await page.goto("/console/audit");
    await expect(page).toHaveURL(/\/console\/sign-in\?next=%2Fconsole%2Faudit$/);
    await page.getByLabel("Email address").fill(world.operator.email);
    await page.getByLabel("Password").fill(world.operator.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Audit log" })).toContainText("Signed in");

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/console\/sign-in\?reason=signed-out$/);
    await expect(page.getByRole("status")).toHaveText("You have signed out.");
    await page.goto("/console/leads");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  });

  test("an old /inbox/leads/... link from a mail sent before the console moved signs in and lands on the lead", async ({ page, world }) => {
    const [lead] = await world.sql<{ id: number }[]>`
      INSERT INTO contact_requests (name, email, message) VALUES ('Old Link', ${uniqueEmail("old-link")}, 'Sent before the move.')
      RETURNING id`;
    await page.goto(`/inbox/leads/contact/${lead!.id}`);
    await expect(page).toHaveURL(new RegExp(`/console/sign-in\\?next=%2Fconsole%2Fleads%2Fcontact%2F${lead!.id}$`));
    await page.getByLabel("Email address").fill(world.operator.email);
    await page.getByLabel("Password").fill(world.operator.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`/console/leads/contact/${lead!.id}`);
    await expect(page.getByRole("main")).toContainText("Sent before the move.");
  });

  test("repeated failures lock the account, even against the right password, and say for how long", async ({ page, world }) => {
    await page.goto("/console/sign-in");
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByLabel("Email address").fill(world.lockable.email);
      await page.getByLabel("Password").fill(`wrong passphrase number ${attempt}`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert")).toHaveText("The email address or password is incorrect.");
    }
    await page.getByLabel("Email address").fill(world.lockable.email);
    await page.getByLabel("Password").fill(world.lockable.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText(/^Too many failed sign-ins\. Please wait \d+ minutes? and try again\.$/);
    await expect(page).toHaveURL(/\/console\/sign-in/);
    const [audit] =
      await world.sql`SELECT count(*)::int AS failures FROM audit_log WHERE actor = ${world.lockable.email} AND action = 'sign-in-failed'`;
    expect(audit?.failures).toBe(5);
  });
  // Where an editor lands, and every lead page it is refused: tests/console/access.test.ts, on both databases.
});

test("signing out everywhere ends the other browsers' sessions too", async ({ page, browser, world }) => {
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  try {
    await signIn(otherPage, world.operator);
    await signIn(page, world.operator);
    await page.goto("/console/account");
    await expect(page.getByRole("heading", { name: /^Signed in on \d+ browsers$/ })).toBeVisible();
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page.getByRole("status")).toHaveText("You have signed out.");
    await otherPage.goto("/console/leads");
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
    test("a lead sent through the public form shows where its visit came from", async ({ page, world }) => {
      const email = uniqueEmail("attributed");
      // The visit lands on /pricing from a campaign link, then writes from /contact.
      await page.goto("/pricing?utm_source=newsletter&utm_medium=email&utm_campaign=spring-launch");
      await page.goto("/contact");
      const form = page.getByRole("form", { name: "Contact form" });
      await form.getByLabel("Full name").fill("Attributed Visitor");
      await form.getByLabel("Email address").fill(email);
      await form.getByLabel("Message").fill("We came from your newsletter.");
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(page.locator("[data-toast]").filter({ hasText: "Message sent!" })).toBeVisible();

      await signIn(page, world.operator);
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

  test("an address search leaves no address in any URL: not the page's, not a request's, not a redirect's", async ({ page, world }) => {
    const email = uniqueEmail("searched");
    await world.sql`
      INSERT INTO contact_requests (name, email, message, created_at)
      SELECT 'Searched ' || n, ${email}, 'Message ' || n, now() - make_interval(mins => n) FROM generate_series(1, 55) AS n`;
    await signIn(page, world.operator);
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

  // The filters and the search (tests/leads/leads-data.test.ts), the CSV and the address's JSON (leads-files.test.ts)
  // and the erasure (erasure.test.ts) are answered by the server; these are the pages an operator works them on.
  test("a lead's stage moves with who and when, and the funnel counts it; its notes join the person's story, newest first; one too long is refused", async ({
    page,
    world,
  }) => {
    const email = uniqueEmail("moved");
    const { id } = await firstRow(world.sql<{ id: number }[]>`INSERT INTO feature_requests (name, email, feature_title, description)
      VALUES ('Grace Hopper', ${email}, 'HubSpot sync', 'Push meetings to HubSpot') RETURNING id::int`);
    await signIn(page, world.operator);
    await page.goto(`/console/leads/feature-request/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Grace Hopper" })).toBeVisible();
    await expect(page.getByText("New: nobody has moved this lead yet.")).toBeVisible();

    await page.getByLabel("Move to").selectOption("contacted");
    await page.getByRole("button", { name: "Move" }).click();
    await expect(page.getByRole("status")).toHaveText("Moved to Contacted.");
    await expect(page.getByText(/^Contacted since (just now|\d+ min ago), set by ops@example\.com\.$/)).toBeVisible();

    const note = page.getByRole("textbox", { name: "New note" });
    for (const text of ["Called back, wants a demo next week.", "Sent the <b>proposal</b>."]) {
      await note.fill(text);
      await page.getByRole("button", { name: "Add note" }).click();
      await expect(page.getByRole("status")).toHaveText("Note added.");
    }
    const timeline = page.getByRole("list", { name: "Everything from this address, newest first" }).locator('li[data-kind="team:note"]');
    await expect(timeline).toHaveCount(2);
    await expect(timeline.nth(0)).toContainText("Sent the <b>proposal</b>.");
    await expect(timeline.nth(0)).toContainText(world.operator.email);
    await expect(timeline.nth(0)).toContainText(/just now|\d+ min ago/);
    await expect(timeline.nth(1)).toContainText("Called back, wants a demo next week.");
    // The browser stops at 2,000 characters; a post past it (no maxlength) is refused with the count.
    await note.evaluate((element) => element.removeAttribute("maxlength"));
    await note.fill("x".repeat(2001));
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "A note can be at most 2,000 characters; this one has 2,001. Shorten it or split it in two.",
    );
    await expect(timeline).toHaveCount(2);
    const [row] = await world.sql`SELECT stage, stage_by, notes->0->>'text' AS note FROM feature_requests WHERE id = ${id}`;
    expect(row).toEqual({ stage: "contacted", stage_by: "ops@example.com", note: "Called back, wants a demo next week." });

    await page.getByLabel("Move to").selectOption("meeting-booked");
    await page.getByRole("button", { name: "Move" }).click();
    await expect(page.getByRole("status")).toHaveText("Moved to Meeting booked.");
    await expect(page.getByText(/^Meeting booked since (just now|\d+ min ago), set by ops@example\.com\.$/)).toBeVisible();
    expect(await world.sql`SELECT stage, stage_by FROM feature_requests WHERE id = ${id}`).toEqual([
      { stage: "meeting-booked", stage_by: "ops@example.com" },
    ]);
    await page.goto("/console/reports");
    const funnel = page.getByRole("region", { name: "From visit to lead to each stage" });
    await expect(funnel.getByRole("row", { name: /^Meeting booked or further [1-9]/ })).toBeVisible();

    await page.goto(`/console/leads/feature-request/${id}`);
    await page.getByLabel("Move to").selectOption("new");
    await page.getByRole("button", { name: "Move" }).click();
    await expect(page.getByRole("status")).toHaveText("Moved to New.");
    expect(await world.sql`SELECT stage FROM feature_requests WHERE id = ${id}`).toEqual([{ stage: "new" }]);
  });
});

test.describe("spam", () => {
  test("a post held as spam is listed with why, and Not spam makes it a lead once", async ({ page, world, baseURL }) => {
    const email = uniqueEmail("held");
    const posted = await page.request.post("/forms/contact", {
      headers: { ...PUBLIC_FORM, Origin: baseURL! },
      form: { name: "Held Visitor", email, message: "My browser filled a field I never saw", website: "autofilled" },
    });
    expect(posted.ok()).toBe(true);
    expect(await world.sql`SELECT id FROM contact_requests WHERE email = ${email}`).toHaveLength(0);

    await signIn(page, world.operator);
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: /^Spam/ }).click();
    const held = page.getByRole("list", { name: "Held posts" }).getByRole("listitem").filter({ hasText: email });
    await expect(held).toContainText("Filled in the hidden field");
    await expect(held).toContainText("My browser filled a field I never saw");
    await held.getByRole("button", { name: "Not spam" }).click();
    await expect(page.getByRole("status")).toHaveText("Stored as a lead; its emails and the team's notice are on their way.");
    await expect(page.getByRole("list", { name: "Held posts" }).getByRole("listitem").filter({ hasText: email })).toHaveCount(0);
    expect(await world.sql`SELECT name FROM contact_requests WHERE email = ${email}`).toEqual([{ name: "Held Visitor" }]);
    expect(await world.sql`SELECT kind FROM outbox WHERE recipient = ${email} ORDER BY id`).toEqual([
      { kind: "mail:request-received" },
      { kind: "mail:team-notification" },
    ]);
  });
});

test("the outbox shows each job's state, attempts and last error, counts the failed ones, and lists the addresses that get no mail", async ({
  page,
  world,
}) => {
  const recipient = uniqueEmail("outbox");
  await failedMail(world, recipient, "Connection refused by mail.example.com");
  const bounced = uniqueEmail("bounced");
  const complained = uniqueEmail("complained");
  await world.sql`INSERT INTO email_suppressions (email, reason, detail, source)
    VALUES (${bounced}, 'hard-bounce', '550 5.1.1 No such user here', 'smtp'), (${complained}, 'complaint', 'marked as spam', 'webhook')`;
  await world.sql`INSERT INTO outbox (kind, recipient, payload, status, attempts, last_error)
    VALUES ('mail:request-received', ${bounced}, '{}', 'suppressed', 1, 'the address is on the do-not-mail list (a bounce or a complaint)')`;
  await signIn(page, world.operator);
  const { failed } = await firstRow(world.sql<{ failed: number }[]>`SELECT count(*)::int AS failed FROM outbox WHERE status = 'failed'`);
  const nav = page.getByRole("navigation", { name: "Console" });
  await expect(nav.getByRole("link", { name: `Outbox ${failed} failed` })).toBeVisible();
  await nav.getByRole("link", { name: /^Outbox/ }).click();
  // The state the delivery alerts report, at the top.
  await expect(page.getByRole("alert")).toContainText(
    `Delivery needs attention: ${failed} ${failed === 1 ? "job" : "jobs"} failed for good.`,
  );
  const list = page.getByRole("list", { name: "Addresses that get no mail" });
  await expect(list.getByRole("listitem").filter({ hasText: bounced })).toContainText("Hard bounce (our mail server)");
  await expect(list.getByRole("listitem").filter({ hasText: bounced })).toContainText("550 5.1.1 No such user here");
  await expect(list.getByRole("listitem").filter({ hasText: complained })).toContainText("Marked as spam (the mail provider)");

  await page.getByRole("link", { name: /^Failed \(\d+\)$/ }).click();
  const job = page.getByRole("list", { name: "Jobs" }).getByRole("listitem").filter({ hasText: recipient });
  await expect(job).toContainText("Failed");
  await expect(job).toContainText("5 attempts");
  await expect(job).toContainText("Connection refused by mail.example.com");
  await page.getByRole("link", { name: /^Not sent: do not mail \(\d+\)$/ }).click();
  const suppressed = page.getByRole("list", { name: "Jobs" }).getByRole("listitem").filter({ hasText: bounced });
  await expect(suppressed).toContainText("Not sent: do not mail");
  await expect(suppressed).toContainText("the address is on the do-not-mail list");
});

test.describe("accessibility", () => {
  // Every console screen an operator meets, in both themes switched in place: laid out differently at each width.
  test(
    "axe finds nothing on the console's screens in either theme, and no page scrolls sideways",
    { tag: "@mobile" },
    async ({ page, world }) => {
      // Seventeen screens, each read by axe twice (2-3 s apiece beside the server tests).
      test.setTimeout(180_000);
      const axeEmail = uniqueEmail("axe");
      const { id } = await firstRow(world.sql<
        { id: number }[]
      >`INSERT INTO contact_requests (name, email, message, landing_page, utm_source, notes)
      VALUES ('Axe Person', ${axeEmail}, 'A message', '/pricing', 'linkedin',
        ${world.sql.json([{ at: new Date().toISOString(), by: "ops@example.com", text: "Wants the agency plan." }])}) RETURNING id::int`);
      // A whole story on the lead's page (decision 045): a download, a subscription, a vote with its note, a booked demo,
      // a mail that went and one that failed.
      await world.sql`INSERT INTO resource_leads (name, email, resource_id, resource_title) VALUES ('Axe Person', ${axeEmail}, 'cold-email-templates', '10 Cold Email Templates That Get Replies')`;
      await world.sql`INSERT INTO newsletter_subscribers (email, source, status, confirmed_at) VALUES (${axeEmail}, '/resources', 'confirmed', now())`;
      await world.sql`INSERT INTO roadmap_votes (item_id, email, name, note, status, consent_text, confirmed_at)
        VALUES ('hubspot-crm-sync', ${axeEmail}, 'Axe Person', 'We would buy the Pro plan if this existed', 'confirmed', 'c', now())
        ON CONFLICT DO NOTHING`;
      const [demo] = await world.sql<{ id: number }[]>`INSERT INTO demo_leads (name, email, meeting_at, meeting_status, stage)
        VALUES ('Axe Person', ${axeEmail}, now() + interval '2 days', 'booked', 'meeting-booked') RETURNING id::int`;
      await world.sql`INSERT INTO demo_booking_events (lead_id, provider, booking_id, trigger, kind, occurred_at, meeting_at)
        VALUES (${demo!.id}, 'cal', ${`axe-${demo!.id}`}, 'BOOKING_CREATED', 'booked', now(), now() + interval '2 days')`;
      await world.sql`INSERT INTO outbox (kind, recipient, payload, status, attempts, sent_at)
        VALUES ('mail:team-notification', ${axeEmail}, '{}', 'sent', 1, now())`;
      await failedMail(world, axeEmail, "SMTP 550 5.1.1 mailbox unavailable");
      await heldSpam(world, "Axe Bot", "axe.bot@example.com");
      // A newsletter draft: its editor, with the publishing panel (decision 046), is read like the other screens.
      const issue = await firstRow(world.sql<{ id: number }[]>`
        INSERT INTO newsletter_issues (topic, source_key, subject, preheader, title, excerpt, link_path)
        VALUES ('post', ${uniqueEmail("axe-issue")}, 'An issue for axe', '', 'A post', 'What it says.', '/blog') RETURNING id::int`);
      const bothThemes = async (label: string) => {
        for (const theme of ["light", "dark"] as const) {
          await switchTheme(page, theme);
          await expect(page.locator("html"), label).toHaveClass(new RegExp(theme));
          await expectNoAxeViolations(page);
        }
      };
      await page.goto("/console/sign-in");
      await bothThemes("/console/sign-in");
      await signIn(page, world.operator);
      for (const path of [
        "/console/today",
        "/console/leads",
        `/console/leads/contact/${id}`,
        "/console/board",
        "/console/outbox",
        "/console/spam",
        "/console/reports",
        "/console/requests",
        "/console/audit",
        "/console/account",
        "/console/roadmap/hubspot-crm-sync",
        "/console/newsletter",
        `/console/newsletter/${issue.id}`,
        "/console/content/faq",
        "/console/redirects",
        "/console/posts",
      ]) {
        await test.step(path, async () => {
          await page.goto(path);
          await bothThemes(path);
          // Wide tables scroll inside their card; the page itself never scrolls sideways.
          const widest = await page.evaluate(() =>
            Math.max(...[...document.querySelectorAll("main, section")].map((box) => box.getBoundingClientRect().right)),
          );
          expect(widest, `${path} is wider than the screen`).toBeLessThanOrEqual(page.viewportSize()!.width);
        });
      }
      await test.step("the reports with every table's numbers and rows of zeros shown", async () => {
        await page.goto("/console/reports");
        await page.locator("main details").evaluateAll((all) => all.forEach((details) => ((details as HTMLDetailsElement).open = true)));
        await bothThemes("/console/reports, opened");
      });
      await test.step("a data request that finds nothing", async () => {
        await page.goto("/console/requests");
        await page.getByLabel("Email address").fill("nobody@example.com");
        await page.getByRole("button", { name: "Look up" }).click();
        await expect(page.getByRole("main").getByRole("status")).toContainText("no rows");
        await bothThemes("/console/requests, looked up");
      });
      await test.step("the post editor and its preview", async () => {
        await page.goto("/console/posts/new");
        await expect(page.getByRole("heading", { level: 1, name: "New post" })).toBeVisible();
        await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
        await bothThemes("/console/posts/new");
        await page.getByLabel("Title").fill("Accessible Post");
        await page.getByLabel("Excerpt").fill("What to answer when a prospect says not now.");
        await page
          .getByLabel("Content (Markdown or HTML)")
          .fill("## Why timing matters\n\nA reply that comes too late is no reply at all.");
        await page.getByLabel("Author").fill("Jo Writer");
        await page.getByLabel("Category").selectOption("Sales Psychology");
        await page.getByLabel("Tags").fill("one, two");
        await page.getByRole("tab", { name: "Preview" }).click();
        await expect(page.getByRole("tabpanel", { name: "Preview" }).getByRole("heading", { name: "Why timing matters" })).toBeVisible();
        await bothThemes("/console/posts/new, its preview");
      });
    },
  );

  test(
    "the account is one link at every width, and the sections are one row, each reachable and whole",
    { tag: "@mobile" },
    async ({ page, world }) => {
      // Every count showing (new leads, failed mail, held spam), as on a busy day: the widest the row gets.
      await world.sql`INSERT INTO contact_requests (name, email, message) VALUES ('Row Person', ${uniqueEmail("row")}, 'Hi')`;
      await failedMail(world, uniqueEmail("row"), "Connection refused");
      await heldSpam(world, "Row Bot", "row.bot@example.com");
      await signIn(page, world.operator);
      const account = page.locator('a[href="/console/account"]:visible');
      await expect(account).toHaveCount(1);
      await expect(account).toHaveAccessibleName(/^Account/);
      const nav = page.getByRole("navigation", { name: "Console" });
      const links = nav.getByRole("link");
      /** Whether a link is whole inside the row's visible box (its text not cut, not scrolled out of view). */
      const inView = (link: Locator) =>
        link.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const row = element.closest("nav")!.getBoundingClientRect();
          return element.scrollWidth <= element.clientWidth && box.left >= row.left - 1 && box.right <= row.right + 1;
        });
      await test.step("one row at every width (at 390 px it scrolls sideways)", async () => {
        // Measured in the site's font: the fallback's wider glyphs would wrap a row that fits.
        await page.evaluate(() => document.fonts.ready);
        const rows = await links.evaluateAll((all) => new Set(all.map((link) => link.getBoundingClientRect().top)).size);
        expect(rows).toBe(1);
        const { scrollWidth, clientWidth } = await nav.evaluate((row) => ({ scrollWidth: row.scrollWidth, clientWidth: row.clientWidth }));
        if (page.viewportSize()!.width >= 1280) expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
        // Never wider than the screen: what does not fit scrolls inside the row.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
      });
      // The keyboard sees the row whole (it wraps while a link in it has the keyboard's focus); touch scrolls it.
      await test.step("every section is reached by the keyboard, whole and in view, and by scrolling to the end", async () => {
        const count = await links.count();
        expect(count).toBeGreaterThan(6);
        await links.first().focus();
        for (let index = 0; index < count; index++) {
          const link = links.nth(index);
          await expect(link).toBeFocused();
          expect(await inView(link), await link.innerText()).toBe(true);
          await page.keyboard.press("Tab");
        }
        await page.goto("/console/leads");
        await nav.evaluate((row) => row.scrollTo({ left: row.scrollWidth }));
        await expect.poll(() => inView(links.last())).toBe(true);
      });
      await test.step("a page opens with its own section in view", async () => {
        await page.goto("/console/audit");
        expect(await inView(nav.getByRole("link", { name: "Audit log" }))).toBe(true);
      });
    },
  );

  test("the keyboard reaches the content first, then every control", async ({ page, world }) => {
    await world.sql`INSERT INTO contact_requests (name, email, message) VALUES ('Keyboard Person', ${uniqueEmail("keys")}, 'Hi')`;
    await signIn(page, world.operator);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: /^Export CSV/ })).toBeFocused();
  });
});
