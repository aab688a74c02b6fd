import { expect, test, uniqueEmail } from "../support/browser/forms-fixture";

// Visitors without JavaScript: every form posts to its own page, which shows the same message as the toast and
// keeps what was typed when something went wrong.

test.use({ javaScriptEnabled: false });

test("contact: success page, and the typed message kept when the database is down", async ({ page, db }) => {
  const email = uniqueEmail("nojs-contact");
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Full name").fill("Ada Lovelace");
  await form.getByLabel("Email address").fill(email);
  await form.getByLabel("Message").fill("Written without JavaScript");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/forms\/contact$/);
  await expect(page.getByRole("status")).toContainText("Message sent!");
  await expect(page.getByRole("status")).toContainText("We'll get back to you as soon as possible.");
  expect(await db.sql`SELECT message FROM contact_requests WHERE email = ${email}`).toEqual([{ message: "Written without JavaScript" }]);

  await db.pg.stop();
  const again = page.getByRole("form", { name: "Contact form" });
  await again.getByLabel("Full name").fill("Ada Lovelace");
  await again.getByLabel("Email address").fill(email);
  await again.getByLabel("Message").fill("Second try");
  const response = page.waitForResponse((r) => r.url().endsWith("/forms/contact") && r.request().method() === "POST");
  await again.getByRole("button", { name: "Send Message" }).click();
  expect((await response).status()).toBe(503);
  await expect(page.getByRole("alert").filter({ hasText: "Something went wrong" })).toContainText("Please try again later.");
  await expect(page.getByLabel("Message")).toHaveValue("Second try");
  await expect(page.getByLabel("Email address")).toHaveValue(email);
});

test("feature request: the link leads to the form page, missing fields are named, the typed values stay", async ({ page, db }) => {
  const email = uniqueEmail("nojs-feature");
  await page.goto("/roadmap");
  await page.getByRole("link", { name: "Request Feature" }).click();
  await expect(page).toHaveURL(/\/forms\/feature-request$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

  await page.getByLabel("Name").fill("Grace Hopper");
  await page.getByLabel("Use case").fill("Weekly pipeline review");
  await page.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please fill in all required fields" })).toBeVisible();
  await expect(page.getByText("Please enter a feature title")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Grace Hopper");
  await expect(page.getByLabel("Use case")).toHaveValue("Weekly pipeline review");

  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Feature title").fill("HubSpot sync");
  await page.getByLabel("Description").fill("Push booked meetings to HubSpot.");
  await page.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByRole("status")).toContainText("Feature request submitted successfully!");
  await expect(page.getByRole("status")).toContainText("We'll review your request and get back to you soon.");
  expect(await db.sql`SELECT company, use_case FROM feature_requests WHERE email = ${email}`).toEqual([
    { company: null, use_case: "Weekly pipeline review" },
  ]);
});

test("newsletter: posts from the resources page and confirms on its own page", async ({ page, db }) => {
  const email = uniqueEmail("nojs-news");
  await page.goto("/resources");
  const form = page.getByRole("form", { name: "Newsletter signup" });
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/forms\/newsletter$/);
  await expect(page.getByRole("status")).toContainText("Subscription successful!");
  expect(await db.sql`SELECT source FROM newsletter_subscribers WHERE email = ${email}`).toEqual([{ source: "/resources" }]);

  await db.pg.stop();
  await page.goto("/resources");
  await page.getByRole("form", { name: "Newsletter signup" }).getByLabel("Email address").fill(email);
  await page.getByRole("form", { name: "Newsletter signup" }).getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("alert")).toContainText("There was a problem subscribing you. Please try again.");
  await expect(page.getByLabel("Email address")).toHaveValue(email);
});

test("download: the link leads to the form page, the spec's field messages, then the file", async ({ page, db }) => {
  const email = uniqueEmail("nojs-lead");
  await page.goto("/resources");
  await page
    .getByRole("link", { name: /Download Resource/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/forms\/download\?resource=[\w-]+$/);
  const resourceId = new URL(page.url()).searchParams.get("resource");

  await page.getByLabel("Name", { exact: true }).fill("A");
  await page.getByLabel("Email", { exact: true }).fill("not-an-address");
  await page.getByRole("button", { name: "Get Resource" }).click();
  await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("A");

  await page.getByLabel("Name", { exact: true }).fill("Alan Turing");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Get Resource" }).click();
  await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  // One signal: the page's 'Thank you!' with the spec's sentence, no second notice above it.
  await expect(page.getByText("Your download should begin automatically.")).toBeVisible();
  await expect(page.getByRole("status")).toHaveCount(0);
  const link = page.getByRole("link", { name: /Download Now/ });
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("href", /^\/resources\/[\w-]+\.(pdf|xlsx|mp4)$/);
  expect(await db.sql`SELECT name, resource_id FROM resource_leads WHERE email = ${email}`).toEqual([
    { name: "Alan Turing", resource_id: resourceId },
  ]);
});

// An unknown resource's form page answers 404 with a way back: tests/site/pages.test.ts.
